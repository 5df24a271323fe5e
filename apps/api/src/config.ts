import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import { z } from 'zod';
import { parseEncryptionKeys } from './encryption/keyring.js';
import type { S3Settings } from './storage/s3-blob-store.js';

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => parseEncryptionKeys(value) !== null,
      'must be one or more 32-byte keys (base64 or 64 hex digits), separated by commas',
    )
    .optional(),
  // The Aadhaar vault's own key(s), same format; never one of ENCRYPTION_KEY's (docs/decisions/0044).
  AADHAAR_KEY: z
    .string()
    .refine(
      (value) => parseEncryptionKeys(value) !== null,
      'must be one or more 32-byte keys (base64 or 64 hex digits), separated by commas',
    )
    .optional(),
  MAX_UPLOAD_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(10_240, 'must be at most 10240')
    .default(50),
  REGISTRATION_OPEN: booleanText.default(true),
  REGISTRATION_APPROVAL: booleanText.default(false),
  INVITATIONS_PER_FIRM_DAY: z.coerce
    .number({ error: 'must be a number of invitations' })
    .int('must be a whole number of invitations')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(200),
  REQUIRE_TAX_ID: booleanText.default(false),
  // `true`: proxies on loopback or private networks (a reverse proxy beside the portal); a number: that
  // many proxies in front; or their addresses. Never "trust every hop": a client writes the first
  // X-Forwarded-For entries itself, so the client is the last address a trusted proxy did not add.
  TRUST_PROXY: z
    .string()
    .transform((value, context): false | number | string[] => {
      const text = value.trim();
      if (text === 'false' || text === '0') return false;
      if (text === 'true' || text === '1') return [...PRIVATE_PROXIES];
      if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
      const addresses = text.split(',').map((entry) => entry.trim());
      if (addresses.every((entry) => isAddressOrRange(entry) || PRIVATE_PROXIES.includes(entry))) return addresses;
      context.addIssue({
        code: 'custom',
        message: 'must be false, true, a number of proxies (1-10) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    })
    .default(false),
  // smtp://user:pass@host:587 or smtps://…:465; unset: each message is written to DATA_DIR/outbox/.
  SMTP_URL: z
    .string()
    .refine((value) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.in:587')
    .optional(),
  // A PEM file of the certificate authority that signed the mail server's certificate (a private relay).
  SMTP_CA_FILE: z.string().optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      (value) => /^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/.test(value),
      'must be an address, e.g. "Practice Portal <no-reply@example.in>" or no-reply@example.in',
    )
    .optional(),
  // Where people open the portal: mailed links start with it (never with the Host a request claims).
  APP_URL: z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return ['http:', 'https:'].includes(url.protocol) && url.search === '' && url.hash === '';
      } catch {
        return false;
      }
    }, 'must be the address people open the portal at, e.g. https://portal.example.in')
    .optional(),
  REQUIRE_2FA_ROLES: z
    .string()
    .transform((value, context): RoleName[] => {
      const names = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      const unknown = names.filter((name) => !(ROLE_NAMES as string[]).includes(name));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `must list roles among ${ROLE_NAMES.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as RoleName[];
    })
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(300),
  // Longer than any backup takes: a backup's snapshot must still find every file it names.
  REMOVED_FILES_KEPT_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(8760, 'must be at most 8760')
    .default(24),
  FILE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  // An endpoint that takes the connection and never answers must not hold the start with no word.
  S3_START_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(300, 'must be at most 300')
    .default(15),
});

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Settings that are only wrong together, each named by the variable to change. */
const checkedConfigSchema = configSchema.superRefine((values, context) => {
  const fail = (name: string, message: string) => context.addIssue({ code: 'custom', path: [name], message });
  if (values.AADHAAR_KEY && values.ENCRYPTION_KEY) {
    const dataKeyIds = new Set((parseEncryptionKeys(values.ENCRYPTION_KEY) ?? []).map((key) => key.id));
    if ((parseEncryptionKeys(values.AADHAAR_KEY) ?? []).some((key) => dataKeyIds.has(key.id)))
      fail('AADHAAR_KEY', 'must not repeat a key of ENCRYPTION_KEY: the Aadhaar vault has a key of its own');
  }
  if (values.SMTP_CA_FILE && !values.SMTP_URL)
    fail('SMTP_CA_FILE', 'is set but SMTP_URL is not: mail is not sent by SMTP');
  if (values.FILE_STORAGE === 'local') {
    const stray = S3_VARIABLES.find((name) => values[name] !== undefined);
    // An S3 setting without FILE_STORAGE=s3 would keep files on this machine, out of the other processes' reach.
    if (stray) fail('FILE_STORAGE', `must be s3 when ${stray} is set`);
    return;
  }
  if (!values.S3_BUCKET) fail('S3_BUCKET', 'must be set when FILE_STORAGE is s3');
  if (values.S3_ACCESS_KEY_ID && !values.S3_SECRET_ACCESS_KEY)
    fail('S3_SECRET_ACCESS_KEY', 'must be set when S3_ACCESS_KEY_ID is set');
  if (values.S3_SECRET_ACCESS_KEY && !values.S3_ACCESS_KEY_ID)
    fail('S3_ACCESS_KEY_ID', 'must be set when S3_SECRET_ACCESS_KEY is set');
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appKey: string | undefined;
  /** Keys that encrypt data at rest, the first active (docs/security.md); unset: `DATA_DIR/keys/`. */
  encryptionKey: string | undefined;
  /** The Aadhaar vault's keys, the first active (docs/decisions/0044); unset: `DATA_DIR/keys/aadhaar/`. */
  aadhaarKey: string | undefined;
  maxUploadBytes: number;
  registrationOpen: boolean;
  /** A self-registered firm waits for the admin's approval before it can do anything but its profile. */
  registrationApproval: boolean;
  /** Invitation mails one firm may send in 24 hours (new users, an import, invitations sent again). */
  invitationsPerFirmDay: number;
  requireTaxId: boolean;
  /** Which proxies are believed: none, how many are in front, or their addresses (proxy-addr names allowed). */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Time to receive a whole request (headers and body); a slower one answers 408. */
  requestTimeoutMs: number;
  /** How long a removed file's blob is kept after its row is gone (longer than any backup). */
  removedFilesKeptMs: number;
  /** Where mail goes; unset: `.eml` files in `DATA_DIR/outbox/`. */
  smtpUrl: string | undefined;
  /** Certificates (PEM) the mail server's TLS certificate may be signed by, beyond the system's (SMTP_CA_FILE). */
  smtpCa: string | undefined;
  /** The sender of every message. */
  mailFrom: string;
  /** The portal's public address, without a trailing slash: mailed links start with it. */
  appUrl: string;
  /** Roles that must sign in with a second factor (they set it up at their next sign-in). */
  require2faRoles: RoleName[];
  /** Where client files and user documents live: DATA_DIR, or an S3-compatible bucket (docs/deployment.md). */
  fileStorage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
};

export const DEFAULT_MAIL_FROM = 'Practice Portal <no-reply@portal.local>';

// proxy-addr's names for the loopback, link-local and private ranges.
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || net.isIP(address) === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32));
}

const SECRET_VARIABLES = new Set([
  'AADHAAR_KEY',
  'ADMIN_PASSWORD',
  'APP_KEY',
  'DATABASE_URL',
  'ENCRYPTION_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
]);

export class ConfigError extends Error {}

/** A file of PEM certificates named by `name`, read once at start; a missing or wrong file is a configuration error. */
function readCertificateFile(name: string, file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration: ${name} cannot be read (${code}: ${file})`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(
      `Invalid configuration: ${name} must be a PEM file of certificates (-----BEGIN CERTIFICATE-----): ${file}`,
    );
  return text;
}

/** Reads the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable means "unset", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = checkedConfigSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    // Secrets are never echoed back into logs.
    const given = env[name] === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${env[name]}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${given}`);
  }
  const values = result.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    appKey: values.APP_KEY,
    encryptionKey: values.ENCRYPTION_KEY,
    aadhaarKey: values.AADHAAR_KEY,
    maxUploadBytes: values.MAX_UPLOAD_MB * 1024 * 1024,
    registrationOpen: values.REGISTRATION_OPEN,
    registrationApproval: values.REGISTRATION_APPROVAL,
    invitationsPerFirmDay: values.INVITATIONS_PER_FIRM_DAY,
    requireTaxId: values.REQUIRE_TAX_ID,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
    removedFilesKeptMs: values.REMOVED_FILES_KEPT_HOURS * 60 * 60 * 1000,
    smtpUrl: values.SMTP_URL,
    smtpCa: values.SMTP_CA_FILE ? readCertificateFile('SMTP_CA_FILE', values.SMTP_CA_FILE) : undefined,
    mailFrom: values.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    appUrl: (
      values.APP_URL ?? `http://${values.HOST === '0.0.0.0' ? 'localhost' : values.HOST}:${values.PORT}`
    ).replace(/\/+$/, ''),
    require2faRoles: values.REQUIRE_2FA_ROLES,
    fileStorage:
      values.FILE_STORAGE === 'local'
        ? { kind: 'local' }
        : {
            kind: 's3',
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET as string,
            region: values.S3_REGION,
            credentials:
              values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            startTimeoutMs: values.S3_START_TIMEOUT_SECONDS * 1000,
          },
  };
}

/** The configuration of a command typed by hand (backup, keys, seeding): only warnings logged, unless LOG_LEVEL says. */
export function loadCommandConfig(): Config {
  return loadConfig({ LOG_LEVEL: 'warn', ...process.env });
}
