import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox, readResetToken } from './support/mail-server.js';
import { createServices, mpcFields, postUserForm, qualificationProof } from './support/people.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INVITATION = 'Practice Portal: your account is ready';
const RESET = 'Practice Portal: reset your password';
const CHANGED = 'Practice Portal: your password was changed';

/**
 * Without SMTP_URL each message is an `.eml` in DATA_DIR/outbox (issue 20, finding 4): one that holds a
 * reset or invitation link goes once the link is used, replaced or expired; other messages stay.
 */
describe.each(listTestDialects())('links in the outbox on %s', (dialect) => {
  let t: TestApp;
  const log: string[] = [];
  beforeEach(async () => {
    log.length = 0;
    t = await createTestApp(dialect, {
      env: { APP_URL: 'https://portal.firm.in', LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => log.push(line) },
    });
  });
  afterEach(async () => t.close());

  const forgot = (email: string) => t.request({ method: 'POST', url: '/api/password/forgot', payload: { email } });
  const reset = (token: string, password = 'Fresh@Pass1') =>
    t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, password_confirmation: password },
    });
  const changePassword = async (email: string) => {
    const next = 'Changed@Pass1';
    const token = await t.signIn({ email, password: TEST_PASSWORD });
    const payload = { current_password: TEST_PASSWORD, password: next, password_confirmation: next };
    return t.request({ method: 'PUT', url: '/api/user/password', token, payload });
  };
  const outbox = async () => (await readOutbox(t.dataDir)).map((mail) => `${mail.to} ${mail.subject}`).sort();
  const mailTo = async (to: string, subject: string) => {
    await t.context.mail.deliverDue();
    const mail = (await readOutbox(t.dataDir)).find((entry) => entry.to === to && entry.subject === subject);
    if (!mail) throw new Error(`no "${subject}" to ${to} in the outbox`);
    return mail;
  };

  /** An MPC created without a password, so invited by mail; answers its email. */
  const invite = async () => {
    const admin = await t.createUser('admin');
    const adminToken = await t.signIn(admin);
    const services = await createServices(t, adminToken, ['GST Returns']);
    const fields = mpcFields(services, { password: '' });
    const created = await postUserForm(t, adminToken, '/api/user/create', fields, [qualificationProof]);
    expect(created.statusCode).toBe(201);
    return created.json().data.email as string;
  };

  it('removes the .eml of a reset and of an invitation once its link expires, and keeps a notice', async () => {
    const invited = await invite();
    const forgetful = await t.createUser('pc');
    expect((await forgot(forgetful.email)).statusCode).toBe(200);
    const careful = await t.createUser('client');
    expect((await changePassword(careful.email)).statusCode).toBe(200);
    const invitation = await mailTo(invited, INVITATION);
    const resetMail = await mailTo(forgetful.email, RESET);
    const all = [`${careful.email} ${CHANGED}`, `${forgetful.email} ${RESET}`, `${invited} ${INVITATION}`].sort();
    expect(await outbox()).toEqual(all);

    // Within its 30 minutes the reset link stays where the recipient (and the browser tests) read it.
    t.clock.advance(29 * MINUTE);
    await t.scheduler.tick();
    expect(await outbox()).toEqual(all);
    // Expired: the hourly pass removes its file. The invitation has days left.
    t.clock.advance(32 * MINUTE);
    await t.scheduler.tick();
    expect(fs.existsSync(resetMail.file)).toBe(false);
    expect(await outbox()).toEqual([`${careful.email} ${CHANGED}`, `${invited} ${INVITATION}`].sort());
    t.clock.advance(7 * DAY);
    await t.scheduler.tick();
    expect(fs.existsSync(invitation.file)).toBe(false);
    // A notice carries no link: the outbox is where it is read.
    expect(await outbox()).toEqual([`${careful.email} ${CHANGED}`]);
    // What the removed files held opens nothing any more.
    for (const mail of [resetMail, invitation]) expect((await reset(readResetToken(mail))).statusCode).toBe(400);
    // A week on, the queue's rows are gone too, the notice's file stays.
    t.clock.advance(2 * DAY);
    await t.scheduler.tick();
    expect(await t.context.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    expect(await outbox()).toEqual([`${careful.email} ${CHANGED}`]);
  });

  it('removes the .eml of a link at once when a newer link replaces it, when it is used and when the password changes', async () => {
    const user = await t.createUser('pc');
    await forgot(user.email);
    const first = await mailTo(user.email, RESET);
    await forgot(user.email);
    expect(fs.existsSync(first.file)).toBe(false);
    const second = await mailTo(user.email, RESET);
    const token = readResetToken(second);
    expect((await reset(token)).statusCode).toBe(200);
    // At once, before any scheduled pass: the link has done its work.
    expect(fs.existsSync(second.file)).toBe(false);
    await t.context.mail.deliverDue();
    expect(await outbox()).toEqual([`${user.email} Practice Portal: your password was reset`]);

    const other = await t.createUser('client');
    await forgot(other.email);
    const unused = await mailTo(other.email, RESET);
    expect((await changePassword(other.email)).statusCode).toBe(200);
    expect(fs.existsSync(unused.file)).toBe(false);
    const tokens = [first, second, unused].map((mail) => readResetToken(mail));
    for (const value of tokens) expect(log.join('\n')).not.toContain(value);
  });

  it('goes on when a link file was already deleted by hand', async () => {
    const user = await t.createUser('pc');
    await forgot(user.email);
    const mail = await mailTo(user.email, RESET);
    fs.rmSync(mail.file);
    const other = await t.createUser('pc');
    await forgot(other.email);
    const kept = await mailTo(other.email, RESET);
    t.clock.advance(61 * MINUTE);
    await t.scheduler.tick();
    expect(fs.existsSync(kept.file)).toBe(false);
    expect((await reset(readResetToken(mail))).statusCode).toBe(400);
    expect(log.filter((line) => /"level":50/.test(line))).toEqual([]);
  });

  it('keeps looking for a file it did not find (another machine may hold it) until a day after the link ended', async () => {
    const invited = await invite();
    const invitation = await mailTo(invited, INVITATION);
    fs.rmSync(invitation.file);
    const named = () =>
      t.context.db.selectFrom('mail_outbox').select('outbox_file').where('recipient', '=', invited).execute();
    // The link ended and the week of sent mail is over, but the row still names the file.
    t.clock.advance(7 * DAY + 61 * MINUTE);
    await t.scheduler.tick();
    expect(await named()).toEqual([{ outbox_file: expect.stringMatching(/\.eml$/) }]);
    t.clock.advance(DAY);
    await t.scheduler.tick();
    expect(await named()).toEqual([]);
    expect(log.filter((line) => /"level":(40|50)/.test(line))).toEqual([]);
  });
});
