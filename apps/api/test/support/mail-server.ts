import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type FixtureScope, useFixture } from './fixture-hooks.js';

export type ReceivedMail = { to: string; subject: string; text: string; html: string; raw: string };

export type TestMailServer = {
  /** `smtp://user:pass@127.0.0.1:<port>` for the portal's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Logins the server accepted, as user names. */
  logins: string[];
  /** Answers the next `count` messages with a temporary failure (451) instead of taking them. */
  refuseNext(count: number): void;
  /** Waits (real time) for a message to `to` beyond the first `after` ones to that address. */
  waitForMail(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  mailTo(to: string): ReceivedMail[];
  close(): Promise<void>;
};

export const SMTP_USER = 'portal';
export const SMTP_PASSWORD = 'smtp-secret-Pass';

function toReceived(parsed: ParsedMail, raw: string): ReceivedMail {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return {
    to: to?.value[0]?.address ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw,
  };
}

/**
 * A real SMTP server on a free loopback port, requiring the login the portal is configured with. With `tls`
 * (a certificate and its key) it offers STARTTLS, as a relay does, and asks for it before the login.
 */
export async function startTestMailServer(tls?: { cert: string; key: string }): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback unless a certificate is given: then STARTTLS is offered and AUTH waits for it.
    ...(tls
      ? { cert: tls.cert, key: tls.key, allowInsecureAuth: false }
      : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) {
        logins.push(auth.username);
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push(toReceived(parsed, raw));
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailTo = (to: string) => received.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
  return {
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    logins,
    refuseNext: (count) => {
      refusals = count;
    },
    mailTo,
    async waitForMail(to, { after = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailTo(to)[after];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail #${after + 1} to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link a message carries to `/reset-password?token=...`. */
export function readResetLink(mail: { text: string }): string {
  const match = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

export function readResetToken(mail: { text: string }): string {
  return new URL(readResetLink(mail)).searchParams.get('token') as string;
}

/** The `.eml` files of `DATA_DIR/outbox/`, parsed, oldest first. */
export async function readOutbox(dataDir: string): Promise<(ReceivedMail & { file: string })[]> {
  const folder = path.join(dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const raw = fs.readFileSync(path.join(folder, name), 'utf8');
      return { ...toReceived(await simpleParser(raw), raw), file: path.join(folder, name) };
    }),
  );
}

/** A test mail server started by the block's hooks and closed after its tests (useFixture). */
export function useTestMailServer(scope: FixtureScope): TestMailServer {
  return useFixture(scope, startTestMailServer, (server) => server.close());
}
