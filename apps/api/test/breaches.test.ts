import { BREACH_MESSAGES as M } from '@portal/contract/breaches';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { breachForm, recordBreach } from './support/breaches.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The breach register (issue 25, docs/decisions/0045): the admin's platform register and each MPC's firm
 * register, the 72-hour deadline of rule 7(2)(b), edits that keep their history, and no deletion.
 */
describe.each(listTestDialects())('the breach register on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  const call = bindApiCall(t);

  it('records an entry in the MPC’s firm register and one in the admin’s, each keeper seeing its own alone', async () => {
    const recorded = await call('POST', '/api/breaches', firm.mpc.token, breachForm({ include_staff: true }));
    expect(recorded.statusCode, recorded.body).toBe(201);
    const entry = recorded.json().data;
    expect(entry).toMatchObject({
      register: 'firm',
      found_at: '2026-04-01T08:00:00.000Z',
      data_kinds: ['identity', 'pan', 'documents'],
      affected: 'everyone',
      include_staff: true,
      affected_people: [],
      notices_made: 0,
      recorded_by: { id: firm.mpc.id },
      permissions: { record: true, notify: true },
      changes: [],
    });
    const platformId = await recordBreach(call, admin.token, {
      affected: 'chosen',
      affected_ids: [firm.mpc.id, other.mpc.id],
    });
    const platform = (await call('GET', `/api/breaches/${platformId}`, admin.token)).json().data;
    expect(platform.register).toBe('platform');
    expect(platform.affected_people.map((person: { id: number }) => person.id)).toEqual(
      [firm.mpc.id, other.mpc.id].sort((a, b) => a - b),
    );

    const listOf = async (token: string) =>
      (await call('GET', '/api/breaches', token)).json().data.data.map((row: { id: number }) => row.id);
    expect(await listOf(firm.mpc.token)).toContain(entry.id);
    expect(await listOf(firm.mpc.token)).not.toContain(platformId);
    expect(await listOf(admin.token)).toContain(platformId);
    expect(await listOf(admin.token)).not.toContain(entry.id);
    expect(await listOf(other.mpc.token)).not.toContain(entry.id);

    // Another register's entry never shows it exists; a role with no register is refused the routes.
    for (const [token, id] of [
      [other.mpc.token, entry.id],
      [admin.token, entry.id],
      [firm.mpc.token, platformId],
    ] as const) {
      expect((await call('GET', `/api/breaches/${id}`, token)).statusCode).toBe(404);
      expect((await call('PUT', `/api/breaches/${id}`, token, breachForm())).statusCode).toBe(404);
      expect((await call('POST', `/api/breaches/${id}/notices`, token)).statusCode).toBe(404);
      expect((await call('GET', `/api/breaches/${id}/notices`, token)).statusCode).toBe(404);
    }
    for (const token of [firm.pc.token, firm.executor.token, firm.client.token]) {
      expect((await call('GET', '/api/breaches', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/breaches/${entry.id}`, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/breaches', token, breachForm())).statusCode).toBe(403);
      expect((await call('POST', `/api/breaches/${entry.id}/notices`, token)).statusCode).toBe(403);
    }
    const events = await readAuditEvents(t, 'breach.record');
    expect(events.filter((event) => event.entity_id === entry.id)).toHaveLength(1);
    expect(JSON.parse(events.find((event) => event.entity_id === platformId)?.details ?? '{}')).toEqual({
      affected: 'chosen',
      people: 2,
      data_kinds: ['identity', 'pan', 'documents'],
    });
  });

  it('refuses a breach found in the future, one that names nobody, and people the register does not cover', async () => {
    const refuse = async (body: object, token = firm.mpc.token) => {
      const response = await call('POST', '/api/breaches', token, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    // The test clock stands at 14:30 in India on 01/04/2026.
    expect(await refuse(breachForm({ found_time: '14:31' }))).toEqual({ found_time: [M.foundInFuture] });
    expect(await refuse(breachForm({ found_on: '2026-04-02', found_time: '09:00' }))).toEqual({
      found_on: [M.foundInFuture],
    });
    expect(await refuse(breachForm({ affected: 'chosen', affected_ids: [] }))).toEqual({
      affected_ids: [M.affectedRequired],
    });
    expect(await refuse(breachForm({ data_kinds: [] }))).toEqual({ data_kinds: [M.dataKindsRequired] });
    expect(await refuse(breachForm({ data_kinds: ['other'] }))).toEqual({ data_other: [M.dataOtherRequired] });
    expect(await refuse(breachForm({ found_time: '25:00', description: ' ' }))).toEqual({
      found_time: [M.timeInvalid],
      description: [M.descriptionRequired],
    });
    // Another firm's client, or the firm's own PC, is not one of the firm's clients; the admin names firms.
    expect(await refuse(breachForm({ affected: 'chosen', affected_ids: [other.client.id] }))).toEqual({
      affected_ids: [M.affectedNotYours],
    });
    expect(await refuse(breachForm({ affected: 'chosen', affected_ids: [firm.pc.id] }))).toEqual({
      affected_ids: [M.affectedNotYours],
    });
    expect(await refuse(breachForm({ affected: 'chosen', affected_ids: [firm.client.id] }), admin.token)).toEqual({
      affected_ids: [M.affectedNotYours],
    });
    const unknown = await call('POST', '/api/breaches', firm.mpc.token, { ...breachForm(), firm_id: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', '/api/breaches?before=x', firm.mpc.token)).statusCode).toBe(422);
  });

  it('counts 72 hours from when it was found, overdue once the clock passes them, until reported to the Board', async () => {
    const started = t.clock.now();
    try {
      const id = await recordBreach(call, firm.mpc.token);
      // A session idle for days ends: each step signs in at the clock's time (the block's token is left unused).
      let token = await t.signIn(firm.mpc);
      const board = async () => (await call('GET', `/api/breaches/${id}`, token)).json().data.board;
      // Found at 13:30 IST, an hour before the clock: 71 hours left, due at 13:30 IST on 04/04/2026.
      expect(await board()).toEqual({
        due_at: '2026-04-04T08:00:00.000Z',
        minutes_left: 71 * 60,
        overdue: false,
        reported_on: null,
        reported_by: null,
      });
      t.clock.advance(71 * HOUR_MS - 60_000);
      token = await t.signIn(firm.mpc);
      expect(await board()).toMatchObject({ minutes_left: 1, overdue: false });
      t.clock.advance(2 * 60_000);
      expect(await board()).toMatchObject({ minutes_left: -1, overdue: true });

      const report = (reported_on: string) => call('POST', `/api/breaches/${id}/board-report`, token, { reported_on });
      expect((await report('2026-03-31')).json().errors).toEqual({ reported_on: [M.reportedBeforeFound] });
      expect((await report('2026-04-05')).json().errors).toEqual({ reported_on: [M.reportedOnFuture] });
      const reported = await report('2026-04-04');
      expect(reported.statusCode, reported.body).toBe(200);
      expect(reported.json().data.board).toMatchObject({
        overdue: false,
        reported_on: '2026-04-04',
        reported_by: { id: firm.mpc.id },
      });
      expect(reported.json().data.changes).toMatchObject([
        { field: 'board_reported_on', label: 'Reported to the Board on', from: null, to: '04/04/2026' },
      ]);
      const listed = (await call('GET', '/api/breaches', token)).json().data.data;
      expect(listed.find((row: { id: number }) => row.id === id).board.reported_on).toBe('2026-04-04');
      expect((await readAuditEvents(t, 'breach.board_report')).filter((event) => event.entity_id === id)).toHaveLength(
        1,
      );
    } finally {
      t.clock.set(started);
    }
  });

  it('keeps what an edit changed, field by field, and has no way to delete an entry', async () => {
    const id = await recordBreach(call, firm.mpc.token);
    const edit = breachForm({
      measures: 'The laptop was wiped and recovered by the police.',
      affected: 'chosen',
      affected_ids: [firm.client.id],
    });
    const edited = await call('PUT', `/api/breaches/${id}`, firm.mpc.token, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    const entry = edited.json().data;
    expect(entry.measures).toBe('The laptop was wiped and recovered by the police.');
    expect(entry.affected_people).toEqual([{ id: firm.client.id, name: expect.any(String) }]);
    expect(entry.changes).toEqual([
      expect.objectContaining({
        field: 'affected',
        label: 'The people affected',
        from: 'Everyone',
        to: `1 chosen: ${entry.affected_people[0].name}`,
        changed_by: expect.objectContaining({ id: firm.mpc.id }),
      }),
      expect.objectContaining({
        field: 'measures',
        from: 'The laptop was wiped remotely and every password was changed.',
        to: 'The laptop was wiped and recovered by the police.',
      }),
    ]);
    const events = (await readAuditEvents(t, 'breach.update')).filter((event) => event.entity_id === id);
    expect(events.map((event) => JSON.parse(event.details ?? '{}'))).toEqual([{ fields: ['affected', 'measures'] }]);
    // Saved again unchanged: no change, no event.
    const again = await call('PUT', `/api/breaches/${id}`, firm.mpc.token, edit);
    expect(again.json().data.changes).toHaveLength(2);

    expect((await call('DELETE', `/api/breaches/${id}`, firm.mpc.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/breaches/${id}`, admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/breaches/${id}`, firm.mpc.token)).statusCode).toBe(200);
  });

  it('pages the register newest first, the pages adding up to the whole', async () => {
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push(await recordBreach(call, other.mpc.token));
    const seen: number[] = [];
    let before = '';
    for (;;) {
      const page = (await call('GET', `/api/breaches?limit=2${before}`, other.mpc.token)).json().data;
      seen.push(...page.data.map((row: { id: number }) => row.id));
      if (page.next === null) break;
      before = `&before=${page.next}`;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});
