import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../storage/private-paths.js';

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string };

/** Hands one message on: to the SMTP server, or into the outbox folder. Answers where it went. */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send(id: number, mail: OutgoingMail): Promise<string>;
  close(): void;
};

// A mail server that does not answer must not hold a message (and its lease) for long.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

function createSmtpTransport(smtpUrl: string, smtpCa: string | undefined): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    ...SMTP_TIMEOUTS,
    // A relay with a private authority's certificate: trusted with SMTP_CA_FILE, never by skipping the check.
    ...(smtpCa ? { tls: { ca: smtpCa } } : {}),
  });
  return {
    kind: 'smtp',
    send: async (_id, mail) => {
      await transporter.sendMail(mail);
      return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    },
    close: () => transporter.close(),
  };
}

/** Where messages go without SMTP_URL. */
export function resolveOutboxFolder(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Without SMTP_URL: each message becomes `DATA_DIR/outbox/<time>-<id>.eml`, private like the rest of DATA_DIR. */
function createOutboxTransport(dataDir: string): MailTransport {
  const folder = resolveOutboxFolder(dataDir);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (id, mail) => {
      const info = await composer.sendMail(mail);
      await ensurePrivateDir(folder);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${id}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      return file;
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'smtpCa' | 'dataDir'>): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.smtpCa) : createOutboxTransport(config.dataDir);
}
