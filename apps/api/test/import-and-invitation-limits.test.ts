import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { CLIENT_IMPORT_COLUMNS, USER_CSV_MESSAGES as M } from '@portal/contract/user-csv';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildClientCsvRow } from './support/client-csv-rows.js';
import { postCsv, writeCsvFile } from './support/csv.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { useTestMailServer } from './support/mail-server.js';
import { createUserThroughApi, postUserForm } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const CHECK = '/api/user/import/check';
const IMPORT = '/api/user/import';
const COLUMNS = [...CLIENT_IMPORT_COLUMNS];
const HOUR = 60 * 60 * 1000;
const PHISHING_NAME = 'Urgent - re-verify your PAN at http://evil.test/kyc -';

/**
 * What an open sign-up must not turn the portal into (issue 20): an oracle of who uses it, and a mailer
 * of typed text to any address.
 */
describe.each(listTestDialects())('limits on client imports and invitations on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url, INVITATIONS_PER_FIRM_DAY: '5' } }));
  let firmA: TestFirm;
  let firmB: TestFirm;
  let gst: string;

  const queuedTo = async (emails: string[]) =>
    emails.length === 0
      ? 0
      : Number(
          (
            await t.context.db
              .selectFrom('mail_outbox')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('recipient', 'in', emails)
              .executeTakeFirstOrThrow()
          ).n,
        );
  const usersWith = async (emails: string[]) =>
    (await t.context.db.selectFrom('users').select('id').where('email', 'in', emails).execute()).length;
  const csvOf = (rows: Record<string, string>[]) => writeCsvFile(COLUMNS, rows);

  beforeAll(async () => {
    const adminToken = await t.signIn(await t.createUser('admin'));
    firmA = await buildFirm(t, adminToken);
    firmB = await buildFirm(t, adminToken, firmA.services);
    const service = await t.context.db
      .selectFrom('services')
      .select('service_name')
      .where('id', '=', firmA.services[0] as number)
      .executeTakeFirstOrThrow();
    gst = service.service_name;
  });
  /** A day later: past every window (an hour for imports, a day for invitations), with fresh sessions. */
  async function nextDay() {
    t.clock.advance(24 * HOUR + 1);
    for (const member of [firmA.mpc, firmA.pc, firmB.mpc, firmB.client]) member.token = await t.signIn(member);
  }
  beforeEach(nextDay);

  it('tells a dry run nothing of another firm’s users, and fails the import as a whole without naming a row', async () => {
    const rows = [
      buildClientCsvRow(gst),
      buildClientCsvRow(gst, { email: firmB.client.email.toUpperCase() }),
      buildClientCsvRow(gst),
    ];
    const checked = await postCsv(t, firmA.mpc.token, CHECK, csvOf(rows));
    expect(checked.json().data).toEqual({ rows: 3, valid: 3, problems: [] });
    const imported = await postCsv(t, firmA.mpc.token, IMPORT, csvOf(rows));
    expect([imported.statusCode, imported.json()]).toEqual([
      422,
      { status: 'error', message: M.emailUnavailable, errors: { file: [M.emailUnavailable] } },
    ]);
    const own = [rows[0]?.email as string, rows[2]?.email as string];
    expect(await usersWith(own)).toBe(0);
    expect(await queuedTo(own)).toBe(0);
  });

  it('counts a firm’s dry runs: 30 an hour, then 429 with the time to wait, other firms unaffected', async () => {
    const file = csvOf([buildClientCsvRow(gst)]);
    for (let run = 1; run <= 30; run += 1)
      expect((await postCsv(t, firmA.mpc.token, CHECK, file)).statusCode, `run ${run}`).toBe(200);
    // Any member who may import counts against the same firm.
    const refused = await postCsv(t, firmA.pc.token, CHECK, file);
    expect([refused.statusCode, refused.json().message]).toEqual([429, M.checkThrottled]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postCsv(t, firmB.mpc.token, CHECK, file)).statusCode).toBe(200);
    // A member who may not import counts nothing against its firm.
    expect((await postCsv(t, firmB.client.token, CHECK, file)).statusCode).toBe(403);
    t.clock.advance(HOUR);
    expect((await postCsv(t, firmA.mpc.token, CHECK, file)).statusCode).toBe(200);
  });

  it('counts a firm’s imports: 10 an hour, then 429 and nothing created or sent', async () => {
    for (let run = 1; run <= 10; run += 1) {
      // Each import fails on a broken row, so the firm's invitations are not what stops it.
      const broken = await postCsv(
        t,
        firmA.mpc.token,
        IMPORT,
        csvOf([buildClientCsvRow(gst, { email: 'not-an-email' })]),
      );
      expect(broken.statusCode, `run ${run}`).toBe(422);
    }
    const row = buildClientCsvRow(gst);
    const refused = await postCsv(t, firmA.mpc.token, IMPORT, csvOf([row]));
    expect([refused.statusCode, refused.json().message]).toEqual([429, M.importThrottled]);
    expect(await usersWith([row.email as string])).toBe(0);
    expect(await queuedTo([row.email as string])).toBe(0);
  });

  it('caps a firm’s invitations a day, however they are sent: over it, 429 and nothing created or sent', async () => {
    const first = [buildClientCsvRow(gst), buildClientCsvRow(gst), buildClientCsvRow(gst)];
    expect((await postCsv(t, firmA.mpc.token, IMPORT, csvOf(first))).statusCode).toBe(201);
    const emailsOf = (rows: Record<string, string>[]) => rows.map((row) => row.email as string);
    expect(await queuedTo(emailsOf(first))).toBe(3);

    // Three more would make six of the day's five: the whole file is refused.
    const second = [buildClientCsvRow(gst), buildClientCsvRow(gst), buildClientCsvRow(gst)];
    const refused = await postCsv(t, firmA.mpc.token, IMPORT, csvOf(second));
    expect([refused.statusCode, refused.json().message]).toEqual([429, PASSWORD_MESSAGES.invitationsThrottled]);
    expect(await usersWith(emailsOf(second))).toBe(0);
    expect(await queuedTo(emailsOf(second))).toBe(0);

    // The form's invitations count too: two more fit, the third does not.
    const invite = (email: string) =>
      postUserForm(t, firmA.mpc.token, '/api/user/create', clientFields(firmA.services, { email, password: '' }));
    expect((await invite(`form1.${Date.now()}@clients.in`)).statusCode).toBe(201);
    expect((await invite(`form2.${Date.now()}@clients.in`)).statusCode).toBe(201);
    const over = `form3.${Date.now()}@clients.in`;
    const sixth = await invite(over);
    expect([sixth.statusCode, sixth.json().message]).toEqual([429, PASSWORD_MESSAGES.invitationsThrottled]);
    expect(await usersWith([over])).toBe(0);
    // So does an invitation sent again.
    const [pending] = await t.context.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', first[0]?.email as string)
      .execute();
    const again = await t.request({
      method: 'POST',
      url: `/api/user/${pending?.id}/send-reset`,
      token: firmA.mpc.token,
    });
    expect([again.statusCode, again.json().message]).toEqual([429, PASSWORD_MESSAGES.invitationsThrottled]);
    expect(await queuedTo([first[0]?.email as string])).toBe(1);

    // Another firm has its own day; the next day this one has its own again.
    expect((await postCsv(t, firmB.mpc.token, IMPORT, csvOf([buildClientCsvRow(gst)]))).statusCode).toBe(201);
    await nextDay();
    expect((await postCsv(t, firmA.mpc.token, IMPORT, csvOf(second))).statusCode).toBe(201);
  });

  it('counts password links its staff send against the same day: a firm cannot mail resets instead', async () => {
    // Clients made with a typed password get no invitation; links sent to them afterwards still count.
    const clients = [];
    for (let index = 0; index < 6; index += 1)
      clients.push(await createUserThroughApi(t, firmA.mpc.token, clientFields(firmA.services)));
    const send = (id: number) =>
      t.request({ method: 'POST', url: `/api/user/${id}/send-reset`, token: firmA.mpc.token });
    for (const client of clients.slice(0, 5)) expect((await send(client.id)).statusCode).toBe(200);
    const last = clients[5]?.email as string;
    // Its own "password changed" notice, from taking over the typed password.
    const before = await queuedTo([last]);
    const sixth = await send(clients[5]?.id as number);
    expect([sixth.statusCode, sixth.json().message]).toEqual([429, PASSWORD_MESSAGES.invitationsThrottled]);
    expect(await queuedTo([last])).toBe(before);
    // A person's own "forgot password" is not the firm's to spend.
    const forgot = await t.request({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: last },
    });
    expect(forgot.statusCode).toBe(200);
    expect(await queuedTo([last])).toBe(before + 1);
  });

  it('tells the forms only of the firm’s own emails, and counts the others the firm tries', async () => {
    const create = (email: string) =>
      postUserForm(t, firmA.mpc.token, '/api/user/create', clientFields(firmA.services, { email }));
    const own = await create(firmA.pc.email);
    expect([own.statusCode, own.json().errors]).toEqual([422, { email: [USER_MESSAGES.emailTaken] }]);
    for (let run = 1; run <= 10; run += 1) {
      const elsewhere = await create(firmB.pc.email);
      expect([run, elsewhere.statusCode, elsewhere.json().errors]).toEqual([
        run,
        422,
        { email: [USER_MESSAGES.emailUnavailable] },
      ]);
    }
    const refused = await create(firmB.client.email);
    expect([refused.statusCode, refused.json().message]).toEqual([429, USER_MESSAGES.emailChecksThrottled]);
    // Another firm's tries are its own.
    const other = await postUserForm(
      t,
      firmB.mpc.token,
      '/api/user/create',
      clientFields(firmB.services, { email: firmA.client.email }),
    );
    expect([other.statusCode, other.json().errors]).toEqual([422, { email: [USER_MESSAGES.emailUnavailable] }]);
  });

  it('greets an invitee by a typed name only when it reads as a name, never with a link in it', async () => {
    const phished = buildClientCsvRow(gst, { first_name: PHISHING_NAME });
    const plain = buildClientCsvRow(gst, { first_name: 'Meena' });
    expect((await postCsv(t, firmA.mpc.token, IMPORT, csvOf([phished, plain]))).statusCode).toBe(201);
    const mail = await smtp.waitForMail(phished.email as string);
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.test');
    expect((await smtp.waitForMail(plain.email as string)).text).toMatch(/^Hello Meena,\n/);
  });

  it('holds a CSV sent as text/plain to the same checks as text/csv', async () => {
    const windows1252 = Buffer.from('first_name\r\nCaf\xe9\r\n', 'latin1');
    const workbook = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(64, 1)]);
    for (const [body, message] of [
      [windows1252, M.notUtf8],
      [workbook, M.notCsv],
    ] as const) {
      const answer = await postCsv(t, firmA.mpc.token, CHECK, body, 'text/plain');
      expect([answer.statusCode, answer.json()]).toEqual([
        415,
        { status: 'error', message, errors: { file: [message] } },
      ]);
    }
    const good = await postCsv(t, firmA.mpc.token, CHECK, csvOf([buildClientCsvRow(gst)]), 'text/plain; charset=utf-8');
    expect(good.json().data).toEqual({ rows: 1, valid: 1, problems: [] });
  });
});
