import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '../src/modules/work/work-search.js';
import { bindApiCall } from './support/api-call.js';
import { useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

type Page = { total: number; total_capped: boolean; last_page: number; data: { id: number; title: string }[] };

/**
 * A work search counts its matches up to SEARCH_COUNT_CAP and says "more than" past it
 * (docs/decisions/0058-work-search-capped-count.md); its pages are still the matches in due-date order.
 */
describe.each(listTestDialects())('a work search past its count cap on %s', (dialect) => {
  const { t, firm } = useFirmApp('block', dialect);
  const call = bindApiCall(t);
  // Spread: a form's name in most titles, one day apart. Bunched: a term only in the last items by due date,
  // past the window a page walks first, so the page is read the general way.
  const spread = SEARCH_COUNT_CAP + 150;
  const bunched = SEARCH_COUNT_CAP + 50;

  const search = async (query: string) => {
    const response = await call('GET', `/api/work?${query}`, firm.mpc.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Page;
  };
  /** Every matching item of the firm in the list's order, read afresh: the oracle. */
  const expected = async (pattern: string, order: 'asc' | 'desc') =>
    (
      await t.context.db
        .selectFrom('work_items')
        .select('id')
        .where('firm_id', '=', firm.mpc.id)
        .where(sql<boolean>`lower(title) like ${pattern}`)
        .orderBy('due_date', order)
        .orderBy('id', order)
        .execute()
    ).map((row) => row.id);

  /** Open one-off items of the firm's client, 200 a statement (the triggers keep the search index). */
  const insertOpenItems = async (rows: { title: string; due_date: string }[]) => {
    const at = '2026-01-01T00:00:00.000Z';
    for (let start = 0; start < rows.length; start += 200)
      await t.context.db
        .insertInto('work_items')
        .values(
          rows.slice(start, start + 200).map((row) => ({
            ...row,
            firm_id: firm.mpc.id,
            client_id: firm.client.id,
            service_id: firm.services[0] as number,
            rule_id: null,
            period: null,
            event_date: null,
            assignee_id: null,
            status: 'not_started',
            is_open: 1,
            filed_on: null,
            ack_number: null,
            notes: null,
            created_by: firm.mpc.id,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
  };

  beforeAll(async () => {
    const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const rows = [];
    for (let index = 0; index < spread + 300; index += 1) {
      // One item in five is something else, so a page of matches is not simply a page of the firm.
      const other = index % 5 === 4 && index < 1500;
      rows.push({ title: other ? `Reconcile ledger ${index}` : `GSTR-3B · ${index}`, due_date: day(index) });
    }
    for (let index = 0; index < bunched; index += 1)
      rows.push({ title: `Revised return ${index}`, due_date: day(5000 + (index % 40)) });
    await insertOpenItems(rows);
  }, 120_000);

  it('says "more than" the cap for a term in most titles, and its pages are the first matches in order', async () => {
    const matching = await expected('%gstr-3b%', 'asc');
    expect(matching.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    const first = await search('q=GSTR-3B&limit=20');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, last_page: SEARCH_COUNT_CAP / 20 });
    expect(first.data.map((row) => row.id)).toEqual(matching.slice(0, 20));
    const third = await search('q=gstr-3b&limit=20&page=3');
    expect(third.data.map((row) => row.id)).toEqual(matching.slice(40, 60));
    // The last page the count allows is read from the front, not from an end the count does not know.
    const last = await search(`q=gstr-3b&limit=20&page=${SEARCH_COUNT_CAP / 20}`);
    expect(last.data.map((row) => row.id)).toEqual(matching.slice(SEARCH_COUNT_CAP - 20, SEARCH_COUNT_CAP));
    const newest = await search('q=gstr-3b&limit=20&order=desc');
    expect(newest.data.map((row) => row.id)).toEqual((await expected('%gstr-3b%', 'desc')).slice(0, 20));
  });

  it('reads a term bunched past the walked window the general way, with the same answer', async () => {
    const matching = await expected('%revised return%', 'asc');
    expect(matching).toHaveLength(bunched);
    const first = await search('q=revised%20return&limit=20');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(first.data.map((row) => row.id)).toEqual(matching.slice(0, 20));
    const second = await search('q=revised%20return&limit=20&page=2');
    expect(second.data.map((row) => row.id)).toEqual(matching.slice(20, 40));
  });

  it('reads nothing past the pages the cap allows, and refuses a cursor past the id column', async () => {
    const past = await search(`q=gstr-3b&limit=20&page=${SEARCH_COUNT_CAP / 20 + 1}`);
    expect(past).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, data: [] });
    const far = await call('GET', '/api/work?q=gstr-3b&limit=100&page=1000000', firm.mpc.token);
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json().data.data).toEqual([]);
    for (const cursor of ['after=2026-01-01_2147483648', 'before=2026-01-01_99999999999'])
      expect((await call('GET', `/api/work?${cursor}`, firm.mpc.token)).statusCode, cursor).toBe(422);
  });

  it('pages a capped term with letters beyond ASCII the general way, its capitals found too', async () => {
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 20 }, (_, index) => ({
      title: index % 2 ? `ÉCOLE fee ${index}` : `école fee ${index}`,
      due_date: `2023-${String(1 + (Math.floor(index / 2) % 12)).padStart(2, '0')}-10`,
    }));
    await insertOpenItems(rows);
    const page = await search(`q=${encodeURIComponent('école fee')}&limit=20`);
    expect(page.total_capped).toBe(true);
    // The earliest twenty are both spellings, in due-date order.
    expect(page.data.filter((row) => row.title.startsWith('ÉCOLE')).length).toBeGreaterThan(0);
    expect(page.data.filter((row) => row.title.startsWith('école')).length).toBeGreaterThan(0);
  });

  it('counts a search under the cap, and the list unsearched, exactly', async () => {
    const few = await search('q=reconcile%20ledger%201&limit=20');
    expect(few.total_capped).toBe(false);
    expect(few.total).toBe((await expected('%reconcile ledger 1%', 'asc')).length);
    expect(few.data.map((row) => row.id)).toEqual((await expected('%reconcile ledger 1%', 'asc')).slice(0, 20));
    const all = await search('q=&limit=20');
    expect(all.total_capped).toBe(false);
    expect(all.total).toBe(
      Number(
        (
          await t.context.db
            .selectFrom('work_items')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('firm_id', '=', firm.mpc.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });
});
