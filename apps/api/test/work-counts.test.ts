import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, useFirmApp } from './support/firm.js';
import { orderCountRows, readKeptCounts } from './support/kept-counts.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, tieRule } from './support/work.js';

type CountRow = { firm_id: number; assignee_key: number; status: string; due_date: string; total: number };
const KEY = ['firm_id', 'assignee_key', 'status', 'due_date'] as const;

/**
 * The work counts (migration 0064) are kept by triggers on `work_items`: after any write they must equal
 * the items counted afresh, per firm, status and due date (assignee_key -1) and per assignee (0: nobody).
 */
describe.each(listTestDialects())('kept work counts on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);

  const readKept = () => readKeptCounts<CountRow>(t, 'work_item_counts', KEY);

  async function countAfresh(): Promise<CountRow[]> {
    const { rows } = await sql<CountRow>`
      select firm_id, -1 as assignee_key, status, due_date, count(*) as total from work_items
        group by firm_id, status, due_date
      union all
      select firm_id, coalesce(assignee_id, 0), status, due_date, count(*) from work_items
        group by firm_id, coalesce(assignee_id, 0), status, due_date`.execute(t.context.db);
    return orderCountRows(
      rows.map((row) => ({ ...row, assignee_key: Number(row.assignee_key) })),
      KEY,
    );
  }

  it('follow every kind of write: planning, a one-off item, status, assignee, due date, firm, deletion', async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    // Planned from the calendar, in batches (the generation's insert … on conflict do nothing).
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const planned = await readKept();
    expect(planned.length).toBeGreaterThan(0);
    expect(planned).toEqual(await countAfresh());

    const mpc = firm.mpc.token;
    const added = await addWorkItem(t, mpc, firm.client.id, gst, {
      title: 'Collect bank statements',
      due_date: '2026-04-05',
      assignee_id: null,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    expect(await readKept()).toContainEqual({
      firm_id: firm.mpc.id,
      assignee_key: 0,
      status: 'not_started',
      due_date: '2026-04-05',
      total: 1,
    });
    // Each kept field changed through the API, then one that is not kept (no change to the counts).
    expect((await call('PUT', `/api/work/${id}`, mpc, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/work/${id}`, mpc, { assignee_id: firm.pc.id })).statusCode).toBe(200);
    expect((await call('PUT', `/api/work/${id}`, mpc, { due_date: '2026-04-09' })).statusCode).toBe(200);
    const beforeNotes = await readKept();
    expect((await call('PUT', `/api/work/${id}`, mpc, { notes: 'Asked twice' })).statusCode).toBe(200);
    expect(await readKept()).toEqual(beforeNotes);
    expect(beforeNotes).toEqual(await countAfresh());
    // The item moved: its old keys are gone, not left at zero.
    expect(beforeNotes.filter((row) => row.due_date === '2026-04-05')).toEqual([]);

    // Several rows in one statement (as a handover or a rule's new due date moves them), and other firms' too.
    await t.context.db
      .updateTable('work_items')
      .set({ assignee_id: null, status: 'awaiting_documents' })
      .where('firm_id', '=', firm.mpc.id)
      .where('is_open', '=', 1)
      .execute();
    await t.context.db.updateTable('work_items').set({ due_date: '2026-12-31' }).where('id', '=', id).execute();
    await t.context.db.updateTable('work_items').set({ firm_id: firm.pc.id }).where('id', '=', id).execute();
    expect(await readKept()).toEqual(await countAfresh());

    // Deleted (an erased client's items go this way), one and then the rest.
    await t.context.db.deleteFrom('work_items').where('id', '=', id).execute();
    expect(await readKept()).toEqual(await countAfresh());
    await t.context.db.deleteFrom('document_requests').execute();
    await t.context.db.deleteFrom('work_items').execute();
    expect(await readKept()).toEqual([]);
  });
});
