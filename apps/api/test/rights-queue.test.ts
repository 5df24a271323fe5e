import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { type TestFirm, useFirm } from './support/firm.js';
import { bindRightsRequestCalls } from './support/rights-requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The firm's queue of rights requests (issue 25, docs/decisions/0042): the day each is due in India (90 days
 * for a grievance, the firm's period for the rest), overdue once past, and the queue's cursor and filters.
 */
describe.each(listTestDialects())('the rights request queue on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const call = bindApiCall(t);
  const other: TestFirm = useFirm('block', t);

  const { ask, act, queue } = bindRightsRequestCalls(call);
  /** Moves the clock (sessions end after 12 idle hours) and signs the firm's MPC and client in again. */
  const jump = async (to: Date) => {
    t.clock.set(to);
    other.mpc.token = await t.signIn(other.mpc);
    other.client.token = await t.signIn(other.client);
  };

  it('pages the queue by cursor and filters it by status and kind', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) ids.push((await ask(other.client, { kind: 'erasure' })).id);
    const first = await queue(other.mpc.token, '?kind=erasure&limit=2');
    expect(first.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 2));
    const second = await queue(other.mpc.token, `?kind=erasure&limit=2&after=${first.next}`);
    expect(second.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(2));
    expect(second.next).toBeNull();
    await act(other.mpc.token, ids[0] as number, 'progress');
    expect(
      (await queue(other.mpc.token, '?status=in_progress&kind=erasure')).data.map((row: { id: number }) => row.id),
    ).toEqual([ids[0]]);
    expect((await queue(other.mpc.token, '?status=received&kind=erasure')).data).toHaveLength(2);
    // Closed, they leave the open queue and show among all, latest due first.
    for (const id of ids) await act(other.mpc.token, id, 'close', { reason: 'Duplicate of an earlier request.' });
    expect((await queue(other.mpc.token)).data).toEqual([]);
    const all = await queue(other.mpc.token, '?status=all&limit=100');
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
    expect((await call('GET', '/api/rights-requests?after=bogus', other.mpc.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/rights-requests?status=lost', other.mpc.token)).statusCode).toBe(422);
  });

  it('dates each request in India: a grievance 90 days on, the rest by the firm setting; overdue once past', async () => {
    // 18:30 UTC on 01/06/2026 is already 02/06 in India: the days count from India's date.
    await jump(new Date('2026-06-01T18:30:00.000Z'));
    const grievance = await ask(other.client, { kind: 'grievance', details: 'Nobody answers my calls.' });
    const access = await ask(other.client, { kind: 'access' });
    expect([grievance.due_date, access.due_date]).toEqual(['2026-08-31', '2026-07-02']);

    const saved = await call('PUT', '/api/firm/settings', other.mpc.token, { rights_response_days: 45 });
    expect(saved.json().data.rights_response_days).toBe(45);
    const correction = await ask(other.client, { kind: 'correction', details: 'My surname is misspelt.' });
    expect(correction.due_date).toBe('2026-07-17');
    // A due date is fixed when the request arrives: the setting moves none already made.
    expect((await call('GET', `/api/rights-requests/${access.id}`, other.mpc.token)).json().data.due_date).toBe(
      '2026-07-02',
    );
    expect((await call('PUT', '/api/firm/settings', other.mpc.token, { rights_response_days: 91 })).statusCode).toBe(
      422,
    );

    // Open, soonest due first; overdue ones once the day after their due date starts in India.
    expect((await queue(other.mpc.token)).data.map((row: { id: number }) => row.id)).toEqual([
      access.id,
      correction.id,
      grievance.id,
    ]);
    expect((await queue(other.mpc.token, '?overdue=true')).data).toEqual([]);
    await jump(new Date('2026-07-02T18:29:00.000Z'));
    expect((await queue(other.mpc.token, '?overdue=true')).data).toEqual([]);
    t.clock.set(new Date('2026-07-02T18:30:00.000Z'));
    const overdue = await queue(other.mpc.token, '?overdue=true');
    expect(overdue.data.map((row: { id: number; overdue: boolean }) => [row.id, row.overdue])).toEqual([
      [access.id, true],
    ]);
    await jump(new Date(t.clock.now().getTime() + 60 * DAY_MS));
    expect(
      (await queue(other.mpc.token, '?overdue=1&kind=grievance')).data.map((row: { id: number }) => row.id),
    ).toEqual([grievance.id]);
    // Answered, it is no longer overdue, and shows among the answered ones.
    await act(other.mpc.token, access.id, 'answer', { answer: 'Here is the summary.' });
    const answered = await queue(other.mpc.token, '?status=answered');
    expect(answered.data.map((row: { id: number; overdue: boolean }) => [row.id, row.overdue])).toEqual([
      [access.id, false],
    ]);
  });
});
