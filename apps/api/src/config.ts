import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKeys } from './encryption/keyring.js';

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
  MAX_UPLOAD_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(10_240, 'must be at most 10240')
    .default(50),
  REGISTRATION_OPEN: booleanText.default(true),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(300),
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
  maxUploadBytes: number;
  registrationOpen: boolean;
  requireTaxId: boolean;
  /** Which proxies are believed: none, how many are in front, or their addresses (proxy-addr names allowed). */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Time to receive a whole request (headers and body); a slower one answers 408. */
  requestTimeoutMs: number;
};

// proxy-addr's names for the loopback, link-local and private ranges.
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || net.isIP(address) === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32));
}

const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'APP_KEY', 'DATABASE_URL', 'ENCRYPTION_KEY']);

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable means "unset", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(present);
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
    maxUploadBytes: values.MAX_UPLOAD_MB * 1024 * 1024,
    registrationOpen: values.REGISTRATION_OPEN,
    requireTaxId: values.REQUIRE_TAX_ID,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
  };
}
