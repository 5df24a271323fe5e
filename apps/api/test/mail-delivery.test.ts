import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMailDelivery, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from '../src/modules/mail/mail-delivery.js';
import { queueMail } from '../src/modules/mail/mail-queue.js';
import { readOutbox, startTestMailServer, type TestMailServer } from './support/mail-server.js';
import { createPrivateAuthority } from './support/private-authority.js';
import { createTestApp, type TestApp, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const message = (to: string, n = 1) => ({
  to,
  subject: `Practice Portal: test ${n}`,
  text: `Hello,\n\nOpen https://portal.example.in/reset-password?token=secret-token-${n}\n`,
  html: `<p>Open <a href="https://portal.example.in/reset-password?token=secret-token-${n}">this</a></p>`,
});

const mailRows = (t: TestApp) => t.context.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

describe.each(listTestDialects())('mail on %s', (dialect) => {
  describe('through SMTP', () => {
    let smtp: TestMailServer;
    let t: TestApp;
    const log: string[] = [];
    beforeAll(async () => {
      smtp = await startTestMailServer();
      t = await createTestApp(dialect, {
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'Practice Portal <no-reply@firm.in>', LOG_LEVEL: 'debug' },
        logStream: { write: (line: string) => log.push(line) },
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers a queued message with the login from SMTP_URL, in text and HTML, from MAIL_FROM, and keeps no body', async () => {
      await queueMail(t.context.db, t.context, message('asha@firm.in'));
      const stored = (await mailRows(t)).at(-1);
      // The body is sealed while it waits: the link is not readable in the database.
      expect(stored?.body).toMatch(/^enc:v1:/);
      expect(stored?.body).not.toContain('secret-token');
      t.context.mail.wake();
      const mail = await smtp.waitForMail('asha@firm.in');
      expect(mail.subject).toBe('Practice Portal: test 1');
      expect(mail.text).toContain('reset-password?token=secret-token-1');
      expect(mail.html).toContain('<a href="https://portal.example.in/reset-password?token=secret-token-1">');
      expect(mail.raw).toMatch(/^From: Practice Portal <no-reply@firm\.in>$/m);
      expect(smtp.logins).toContain('portal');
      const sent = (await mailRows(t)).at(-1);
      expect([sent?.status, sent?.body, sent?.attempts]).toEqual(['sent', null, 1]);
      expect(log.join('\n')).not.toContain('secret-token');
    });

    it('retries a refused message after the backoff, logging the failure without the message or the SMTP password', async () => {
      smtp.refuseNext(1);
      await queueMail(t.context.db, t.context, message('ravi@firm.in', 2));
      expect(await t.context.mail.deliverDue()).toBe(0);
      const waiting = (await mailRows(t)).at(-1);
      expect([waiting?.status, waiting?.attempts, waiting?.last_error]).toEqual([
        'queued',
        1,
        'EMESSAGE SMTP 451 during DATA',
      ]);
      expect(Date.parse(waiting?.next_attempt_at as string) - t.clock.now().getTime()).toBe(MAIL_RETRY_DELAYS_MS[0]);
      // Not before its time.
      t.clock.advance((MAIL_RETRY_DELAYS_MS[0] as number) - 1000);
      expect(await t.context.mail.deliverDue()).toBe(0);
      t.clock.advance(1000);
      expect(await t.context.mail.deliverDue()).toBe(1);
      expect((await smtp.waitForMail('ravi@firm.in')).subject).toBe('Practice Portal: test 2');
      const failure = log.find((line) => line.includes('Mail delivery failed'));
      expect(failure).toContain('"attempt":1');
      expect(log.join('\n')).not.toContain('smtp-secret-Pass');
      expect(log.join('\n')).not.toContain('secret-token-2');
    });

    it(`gives a message up after ${MAIL_MAX_ATTEMPTS} refusals and drops its body`, async () => {
      smtp.refuseNext(MAIL_MAX_ATTEMPTS);
      await queueMail(t.context.db, t.context, message('never@firm.in', 3));
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        await t.context.mail.deliverDue();
        t.clock.advance(MAIL_RETRY_DELAYS_MS[attempt - 1] ?? 0);
      }
      const row = (await mailRows(t)).at(-1);
      expect([row?.status, row?.attempts, row?.body]).toEqual(['failed', MAIL_MAX_ATTEMPTS, null]);
      expect(await t.context.mail.deliverDue()).toBe(0);
      expect(smtp.mailTo('never@firm.in')).toHaveLength(0);
      expect(log.some((line) => line.includes('given up'))).toBe(true);
    });

    it('sends each message once when two portal processes deliver from one database at the same moment', async () => {
      // A second delivery worker, as another process would run, on the same database.
      const other = createMailDelivery(t.context);
      for (let n = 10; n < 30; n += 1) await queueMail(t.context.db, t.context, message('many@firm.in', n));
      const [first, second] = await Promise.all([t.context.mail.deliverDue(), other.deliverDue()]);
      await other.stop();
      expect(first + second).toBe(20);
      await smtp.waitForMail('many@firm.in', { after: 19 });
      expect(smtp.mailTo('many@firm.in')).toHaveLength(20);
      expect(new Set(smtp.mailTo('many@firm.in').map((mail) => mail.subject)).size).toBe(20);
    });
  });

  describe('without SMTP_URL', () => {
    let t: TestApp;
    const log: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        env: { LOG_LEVEL: 'info' },
        logStream: { write: (line: string) => log.push(line) },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes each message as a private .eml file in DATA_DIR/outbox and logs where, never the link', async () => {
      await queueMail(t.context.db, t.context, message('asha@firm.in', 4));
      expect(await t.context.mail.deliverDue()).toBe(1);
      const [mail] = await readOutbox(t.dataDir);
      expect(mail?.to).toBe('asha@firm.in');
      expect(mail?.text).toContain('token=secret-token-4');
      expect(mail?.html).toContain('token=secret-token-4');
      expect(fs.statSync(path.join(t.dataDir, 'outbox')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(mail?.file as string).mode & 0o777).toBe(0o600);
      const line = log.find((entry) => entry.includes('Mail written to the outbox'));
      expect(line).toContain(mail?.file);
      expect(log.join('\n')).not.toContain('secret-token');
    });
  });

  describe('on the scheduler', () => {
    const t = useTestApp('block', dialect, { env: { LOG_LEVEL: 'silent' } });

    it('delivers what waits in the queue when the scheduler ticks, and removes finished mail after a week', async () => {
      // Queued without a wake, as another process's message or a retry whose time came.
      await queueMail(t.context.db, t.context, message('left@firm.in', 5));
      await t.scheduler.tick();
      expect((await readOutbox(t.dataDir)).map((mail) => mail.to)).toEqual(['left@firm.in']);
      expect((await mailRows(t)).map((row) => row.status)).toEqual(['sent']);
      t.clock.advance(8 * 24 * 60 * 60_000);
      await t.scheduler.tick();
      expect(await mailRows(t)).toEqual([]);
    });
  });

  describe('through a relay offering STARTTLS with a private certificate', () => {
    const authority = createPrivateAuthority();
    let smtp: TestMailServer;
    const log: string[] = [];
    beforeAll(async () => {
      smtp = await startTestMailServer({ cert: authority.serverCert, key: authority.serverKey });
    });
    afterAll(async () => {
      await smtp.close();
      authority.remove();
    });

    it('fails the send without SMTP_CA_FILE and says why in words, in the log and on the row', async () => {
      const t = await createTestApp(dialect, {
        env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn' },
        logStream: { write: (line: string) => log.push(line) },
      });
      try {
        await queueMail(t.context.db, t.context, message('tls@firm.in'));
        expect(await t.context.mail.deliverDue()).toBe(0);
        const row = (await mailRows(t)).at(-1);
        expect(row?.last_error).toBe(
          "ESOCKET UNABLE_TO_VERIFY_LEAF_SIGNATURE during CONN: the mail server's TLS certificate is signed by an authority this server does not trust: set SMTP_CA_FILE to that authority's certificate",
        );
        expect(log.find((line) => line.includes('Mail delivery failed'))).toContain('set SMTP_CA_FILE');
        expect(smtp.mailTo('tls@firm.in')).toEqual([]);
      } finally {
        await t.close();
      }
    });

    it("delivers over STARTTLS once SMTP_CA_FILE names the relay's authority", async () => {
      const t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, SMTP_CA_FILE: authority.caFile } });
      try {
        await queueMail(t.context.db, t.context, message('tls-ok@firm.in'));
        expect(await t.context.mail.deliverDue()).toBe(1);
        expect((await smtp.waitForMail('tls-ok@firm.in')).subject).toBe('Practice Portal: test 1');
        expect(smtp.logins).toContain('portal');
      } finally {
        await t.close();
      }
    });
  });

  it('reads SMTP_CA_FILE once at start: a missing or non-PEM file, or one without SMTP_URL, is a configuration error', () => {
    const smtp = { SMTP_URL: 'smtp://u:p@mail.firm.in:587' };
    expect(() => loadConfig({ ...smtp, SMTP_CA_FILE: '/nowhere/ca.pem' })).toThrow(
      'Invalid configuration: SMTP_CA_FILE cannot be read (ENOENT: /nowhere/ca.pem)',
    );
    const notPem = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ca-')), 'ca.txt');
    fs.writeFileSync(notPem, 'not a certificate');
    expect(() => loadConfig({ ...smtp, SMTP_CA_FILE: notPem })).toThrow(/SMTP_CA_FILE must be a PEM file/);
    expect(() => loadConfig({ SMTP_CA_FILE: notPem })).toThrow('SMTP_CA_FILE is set but SMTP_URL is not');
    fs.rmSync(path.dirname(notPem), { recursive: true });
  });

  it('validates SMTP_URL and MAIL_FROM, never echoing the SMTP password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.firm.in' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.firm.in' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.firm.in:465', MAIL_FROM: 'Firm <no-reply@firm.in>' });
    expect([config.smtpUrl, config.mailFrom]).toEqual(['smtps://u:p@mail.firm.in:465', 'Firm <no-reply@firm.in>']);
    expect(loadConfig({}).mailFrom).toBe('Practice Portal <no-reply@portal.local>');
  });
});
