import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDailyDigest } from '../src/modules/notifications/daily-digest.service.js';
import { type AppInstances, createInstancesWithFirm } from './support/app-instances.js';
import { staffFields, type TestFirm } from './support/firm.js';
import { type ReceivedMail, startTestMailServer, type TestMailServer } from './support/mail-server.js';
import { createUserThroughApi } from './support/people.js';
import type { ApiCaller } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, tieRule } from './support/work.js';

const APP_URL = 'https://portal.example.in';
/** 07:59 and 08:00 in India on 14 May 2026 (UTC+05:30). */
const BEFORE_EIGHT = new Date('2026-05-14T02:29:00.000Z');
const AT_EIGHT = new Date('2026-05-14T02:30:00.000Z');
const HOUR = 60 * 60 * 1000;

describe.each(listTestDialects())('the daily digest, two app instances on one %s database', (dialect) => {
  let mail: TestMailServer;
  let setup: AppInstances;
  let api: ApiCaller;
  let firm: TestFirm;
  let names: Map<number, string>;

  beforeAll(async () => {
    mail = await startTestMailServer();
  });
  afterAll(async () => {
    await mail.close();
  });

  beforeEach(async () => {
    mail.received.length = 0;
    const made = await createInstancesWithFirm(dialect, 2, { SMTP_URL: mail.url, APP_URL });
    ({ setup, api, firm } = made);
    const { first, adminToken } = made;
    const gst = firm.services[0] as number;
    // On 1 April: GSTR-3B of March (due 20 April), April (20 May) and May (20 June), all the PC's.
    await tieRule(api, adminToken, 'GSTR3B_MONTHLY', gst);
    const assign = { client_id: firm.client.id, service_id: gst, pc_id: firm.pc.id };
    expect(
      (await api.request({ method: 'POST', url: '/api/service/assignPC', token: firm.mpc.token, payload: assign }))
        .statusCode,
    ).toBe(200);
    const added = await addWorkItem(api, firm.mpc.token, firm.client.id, gst, {
      title: 'Reply to ASMT-10',
      due_date: '2026-05-10',
      assignee_id: firm.executor.id,
    });
    expect(added.statusCode).toBe(201);
    const people = await first.context.db.selectFrom('users').select(['id', 'first_name', 'last_name']).execute();
    names = new Map(people.map((person) => [person.id, `${person.first_name} ${person.last_name}`.trim()]));
    // The set-up's own mail (password changes) is out of the way before a test reads what came.
    await Promise.all(setup.instances.map((instance) => instance.context.mail.deliverDue()));
    mail.received.length = 0;
  });
  afterEach(async () => {
    await setup.close();
  });

  /** Both instances run the digest pass, by hand and through their schedulers, at once; then mail goes out. */
  const runEverywhere = async (times = 2) => {
    for (let round = 0; round < times; round += 1)
      await Promise.all(
        setup.instances.flatMap((instance) => [runDailyDigest(instance.context), instance.scheduler.tick()]),
      );
    await deliverEverywhere();
  };
  const deliverEverywhere = () => Promise.all(setup.instances.map((instance) => instance.context.mail.deliverDue()));
  /** Every digest received, and those to one person. */
  const digests = () => mail.received.filter((message) => message.subject.includes(': your work for '));
  const digestsTo = (person: { email: string }) =>
    digests().filter((message) => message.to === person.email.toLowerCase());
  const setPreference = async (person: TestFirm['pc'], enabled: boolean) => {
    const token = await api.signIn(person);
    const saved = await api.request({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      token,
      payload: { daily_digest: enabled },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('sends each member with work due one digest from 08:00 IST, once a day, whatever both instances run', async () => {
    setup.clock.set(BEFORE_EIGHT);
    await runEverywhere();
    expect(digests()).toEqual([]);

    setup.clock.set(AT_EIGHT);
    await runEverywhere(3);
    expect(digests()).toHaveLength(2);
    const client = names.get(firm.client.id) as string;
    const [pcMail] = digestsTo(firm.pc) as [ReceivedMail];
    expect(pcMail.subject).toBe('Practice Portal: your work for 14/05/2026: 1 overdue, 1 due soon');
    expect(pcMail.text).toBe(
      [
        `Hello ${names.get(firm.pc.id)?.split(' ')[0]},`,
        'Your open work on 14/05/2026:',
        'Overdue (1):',
        `- GSTR-3B · Mar 2026 — ${client} — due 20/04/2026 — Not started`,
        'Due in the next 7 days (1):',
        `- GSTR-3B · Apr 2026 — ${client} — due 20/05/2026 — Not started`,
        `Open your work:\n${APP_URL}/pc/work`,
        'You can turn this daily mail off in My Profile, under Email notifications.',
        '— Practice Portal',
      ].join('\n\n'),
    );
    const [executorMail] = digestsTo(firm.executor) as [ReceivedMail];
    expect(executorMail.subject).toBe('Practice Portal: your work for 14/05/2026: 1 overdue');
    expect(executorMail.text).toContain(`- Reply to ASMT-10 — ${client} — due 10/05/2026 — Not started`);
    expect(executorMail.html).toContain(`<li>Reply to ASMT-10 — ${client} — due 10/05/2026 — Not started</li>`);
    // The MPC's firm has nothing unassigned, and nobody else is told anything.
    expect(digestsTo(firm.mpc)).toEqual([]);
    expect(digestsTo(firm.client)).toEqual([]);

    setup.clock.advance(6 * HOUR);
    await runEverywhere();
    expect(digests()).toHaveLength(2);

    setup.clock.set(new Date(BEFORE_EIGHT.getTime() + 24 * HOUR));
    await runEverywhere();
    expect(digests()).toHaveLength(2);
    setup.clock.set(new Date(AT_EIGHT.getTime() + 24 * HOUR + 5 * 60_000));
    await runEverywhere();
    expect(digestsTo(firm.pc).map((message) => message.subject)).toEqual([
      'Practice Portal: your work for 14/05/2026: 1 overdue, 1 due soon',
      'Practice Portal: your work for 15/05/2026: 1 overdue, 1 due soon',
    ]);
    expect(digestsTo(firm.executor)).toHaveLength(2);
  });

  it('sends nothing when nothing is due, and nothing to a member who turned the digest off until it is back on', async () => {
    // 2 April, 08:00 IST: the nearest item is due on 20 April.
    setup.clock.set(new Date('2026-04-02T02:30:00.000Z'));
    await runEverywhere();
    expect(digests()).toEqual([]);

    await setPreference(firm.pc, false);
    setup.clock.set(AT_EIGHT);
    await runEverywhere();
    expect(digests().map((message) => message.to)).toEqual([firm.executor.email.toLowerCase()]);

    await setPreference(firm.pc, true);
    setup.clock.set(new Date(AT_EIGHT.getTime() + 24 * HOUR));
    await runEverywhere();
    expect(digestsTo(firm.pc).map((message) => message.subject)).toEqual([
      'Practice Portal: your work for 15/05/2026: 1 overdue, 1 due soon',
    ]);
  });

  it('sends the day’s digest to someone added after the 08:00 pass, and nothing again to those it covered', async () => {
    setup.clock.set(AT_EIGHT);
    await runEverywhere();
    expect(digests()).toHaveLength(2);
    // At 10:00 the MPC adds a PC, who did not exist at 08:00, and gives it work due today.
    setup.clock.advance(2 * HOUR);
    const mpcToken = await api.signIn(firm.mpc);
    const newcomer = await createUserThroughApi(api, mpcToken, staffFields(3, 'Later'));
    const added = await addWorkItem(api, mpcToken, firm.client.id, firm.services[0] as number, {
      title: 'File DRC-03',
      due_date: '2026-05-14',
      assignee_id: newcomer.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    await runEverywhere();
    expect(digestsTo(newcomer).map((message) => message.subject)).toEqual([
      'Practice Portal: your work for 14/05/2026: 1 due soon',
    ]);
    expect(digests()).toHaveLength(3);
  });

  it('delivers once, through the other instance, a digest queued by one that stopped before sending it', async () => {
    const [stopped, other] = setup.instances as [AppInstances['instances'][0], AppInstances['instances'][0]];
    await stopped.context.mail.stop();
    setup.clock.set(AT_EIGHT);
    expect(await runDailyDigest(stopped.context)).toBe(2);
    // Both wait in the queue: a mail leaves the queue only once the SMTP server has taken it.
    const waiting = await other.context.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .execute();
    expect(waiting).toHaveLength(2);
    expect(digests()).toEqual([]);
    // As if it had also stopped before recording that the day's pass was done.
    await other.context.db.deleteFrom('digest_days').execute();
    expect(await runDailyDigest(other.context)).toBe(0);
    expect(await other.context.mail.deliverDue()).toBe(2);
    expect(await runDailyDigest(other.context)).toBe(0);
    await other.context.mail.deliverDue();
    expect(
      digests()
        .map((message) => message.to)
        .sort(),
    ).toEqual([firm.pc.email, firm.executor.email].map((address) => address.toLowerCase()).sort());
  });
});
