import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, useFirmApp } from './support/firm.js';
import { orderCountRows, readKeptCounts } from './support/kept-counts.js';
import { mustAskForDocuments, reviewItem, uploadForRequest } from './support/requests.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

type CountRow = { firm_id: number; status: string; total: number };
const KEY = ['firm_id', 'status'] as const;

/**
 * The request counts (migration 0066) are kept by triggers on `document_requests`: after any write they
 * must equal the requests counted afresh per firm and status, and the MPC's list total (read from them)
 * must be the number of requests it lists.
 */
describe.each(listTestDialects())('kept document request counts on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);

  const readKept = () => readKeptCounts<CountRow>(t, 'document_request_counts', KEY);

  async function countAfresh(): Promise<CountRow[]> {
    const { rows } = await sql<CountRow>`select firm_id, status, count(*) as total from document_requests
      group by firm_id, status`.execute(t.context.db);
    return orderCountRows(rows, KEY);
  }

  /** The MPC's list totals of each status, as its pager shows them. */
  async function listTotals() {
    const totals: Record<string, number> = {};
    for (const status of ['open', 'complete', 'cancelled']) {
      const answer = await call('GET', `/api/requests?status=${status}&limit=1`, firm.mpc.token);
      expect(answer.statusCode).toBe(200);
      totals[status] = answer.json().data.total;
    }
    return totals;
  }

  it('follow every kind of write: made, completed, cancelled, closed with the item, moved, deleted', async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const [march, april] = (await listAllWork(t)) as unknown as [{ id: number }, { id: number }];
    const mpc = firm.mpc.token;

    // Made through the API: three open requests.
    const one = await mustAskForDocuments(t, mpc, march.id, { items: ['Sales register'], due_date: '2026-04-10' });
    const two = await mustAskForDocuments(t, mpc, april.id, { items: ['Bank statement'], due_date: '2026-04-12' });
    await mustAskForDocuments(t, mpc, april.id, { items: ['Purchase invoices'], due_date: '2026-04-15' });
    expect(await readKept()).toEqual([{ firm_id: firm.mpc.id, status: 'open', total: 3 }]);
    expect(await listTotals()).toEqual({ open: 3, complete: 0, cancelled: 0 });

    // Completed: the client's document uploaded and accepted.
    const [item] = one.items as unknown as [{ id: number }];
    expect((await uploadForRequest(t, firm.client.token, one.id, item.id)).statusCode).toBe(201);
    expect((await reviewItem(t, mpc, one.id, item.id, { status: 'accepted' })).statusCode).toBe(200);
    // Cancelled by hand.
    expect((await call('POST', `/api/requests/${two.id}/cancel`, mpc)).statusCode).toBe(200);
    expect(await listTotals()).toEqual({ open: 1, complete: 1, cancelled: 1 });
    expect(await readKept()).toEqual(await countAfresh());

    // The item filed with a request still open: the request is cancelled with it (the work module's hook).
    await call('PUT', `/api/work/${april.id}`, firm.pc.token, { status: 'under_review' });
    const filed = await call('PUT', `/api/work/${april.id}`, firm.pc.token, {
      status: 'filed',
      ack_number: 'AA290326012345',
    });
    expect(filed.statusCode).toBe(200);
    expect(await listTotals()).toEqual({ open: 0, complete: 1, cancelled: 2 });
    // The open key, now at zero, is gone rather than kept at 0.
    expect((await readKept()).map((row) => row.status)).toEqual(['cancelled', 'complete']);

    // Several rows in one statement, a write that keeps the counts (a reminder), and a move to another firm.
    await t.context.db.updateTable('document_requests').set({ status: 'open' }).execute();
    await t.context.db.updateTable('document_requests').set({ reminders_sent: 2 }).execute();
    expect(await readKept()).toEqual([{ firm_id: firm.mpc.id, status: 'open', total: 3 }]);
    await t.context.db.updateTable('document_requests').set({ firm_id: firm.pc.id }).where('id', '=', one.id).execute();
    expect(await readKept()).toEqual(await countAfresh());

    // Deleted: one by itself, then the rest with their work items (the cascade an erasure takes).
    await t.context.db.deleteFrom('document_requests').where('id', '=', one.id).execute();
    expect(await readKept()).toEqual(await countAfresh());
    await t.context.db.deleteFrom('work_items').execute();
    expect(await readKept()).toEqual([]);
    expect(await listTotals()).toEqual({ open: 0, complete: 0, cancelled: 0 });
  });
});
