import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { selectWorkItems, type WorkItemRow } from './work-item-query.js';
import { afterCursor, compare, type Key, planRead, type ReadPlan, type WorkRead } from './work-page-plan.js';
import { filterConditions, narrowOf, type ScopePart, type WorkEb, type WorkFilters } from './work-scope-filters.js';
import { countMatched, matchedKeys, SEARCH_COUNT_CAP, type WorkSearchArms, walkedKeys } from './work-search.js';

/** The part's items its filters select: their ids and due dates alone, which the firm's indexes hold. */
function filteredKeys(db: Kysely<DB>, part: ScopePart, filters: WorkFilters) {
  return db
    .selectFrom('work_items')
    .select(['work_items.id', 'work_items.due_date'])
    .where((eb) => part(eb))
    .where((eb) => filterConditions(eb, filters, part));
}

/** The items the filters select; a search stops counting past SEARCH_COUNT_CAP (`capped`, total the cap). */
export async function countWork(
  db: Kysely<DB>,
  parts: ScopePart[],
  filters: WorkFilters,
): Promise<{ total: number; capped: boolean }> {
  let total = 0;
  let capped = false;
  for (const part of parts) {
    const arms = filters.q ? part.searchArms?.(filters.q) : null;
    if (arms) {
      const matched = await countMatched(db, arms, narrowOf(part, filters));
      capped ||= matched > SEARCH_COUNT_CAP;
      total += matched;
      continue;
    }
    const row = await db
      .selectFrom('work_items')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => part(eb))
      .where((eb) => filterConditions(eb, filters, part))
      .executeTakeFirstOrThrow();
    total += Number(row.total);
  }
  return capped ? { total: SEARCH_COUNT_CAP, capped } : { total, capped };
}

/** A search's few matches (at most SEARCH_COUNT_CAP), both arms read from their indexes, in order. */
function matchedPage(
  db: Kysely<DB>,
  arms: WorkSearchArms,
  part: ScopePart,
  filters: WorkFilters,
  plan: ReadPlan,
  single: boolean,
) {
  const narrow = narrowOf(part, filters);
  const { named, titled } = matchedKeys(db, arms, (eb) => eb.and([narrow(eb), afterCursor(plan)(eb)]));
  // SQLite would push the order into each arm and walk the firm's due-date index for it; `+` (no-op on
  // text) keeps it here, on the few matched keys.
  const dueDate = arms.titledIds ? sql<string>`+${sql.ref('matched.due_date')}` : sql.ref<string>('matched.due_date');
  const query = db
    .selectFrom(named.unionAll(titled).as('matched'))
    .select(['matched.id', 'matched.due_date'])
    .orderBy(dueDate, plan.order)
    .orderBy('matched.id', plan.order)
    .limit(single ? plan.take : plan.skip + plan.take);
  return single && plan.skip > 0 ? query.offset(plan.skip) : query;
}

/**
 * Items by due date (then id). Each part's page is found in its index first (ids and due dates, however
 * deep: a cursor, or an offset read from the nearer end), and only the page's rows are joined to what they
 * show; the parts of a scope are merged on those keys.
 */
export async function listWork(
  db: Kysely<DB>,
  parts: ScopePart[],
  filters: WorkFilters,
  read: WorkRead,
): Promise<WorkItemRow[]> {
  const plan = planRead(read);
  if (plan.take === 0 || parts.length === 0) return [];
  const keysOf = (part: ScopePart, single: boolean) => {
    const arms =
      filters.q && !read.capped && read.total !== undefined && read.total <= SEARCH_COUNT_CAP
        ? part.searchArms?.(filters.q)
        : null;
    if (arms) return matchedPage(db, arms, part, filters, plan, single);
    let query = filteredKeys(db, part, filters);
    if (plan.cursor) query = query.where(afterCursor(plan));
    // A part whose few clients are named in the SQL is read whole, client by client, and put in order here.
    if (part.named) return query;
    query = query
      .orderBy('work_items.due_date', plan.order)
      .orderBy('work_items.id', plan.order)
      .limit(single ? plan.take : plan.skip + plan.take);
    return single && plan.skip > 0 ? query.offset(plan.skip) : query;
  };
  let rows: WorkItemRow[];
  if (read.capped) rows = await readCappedSearch(db, parts, filters, plan, keysOf);
  else if (parts.length === 1 && !parts[0]?.named) {
    const page = keysOf(parts[0] as ScopePart, true).as('page');
    rows = await selectWorkItems(db).innerJoin(page, 'page.id', 'work_items.id').execute();
  } else {
    const keys: Key[] = [];
    for (const part of parts) keys.push(...(await keysOf(part, false).execute()));
    rows = await readRowsOfKeys(db, keys, plan);
  }
  // The page's own rows, put in the list's order.
  return rows.sort(compare(read.direction));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/** The page's rows among the parts' keys, in the plan's order. */
async function readRowsOfKeys(db: Kysely<DB>, keys: Key[], plan: ReadPlan): Promise<WorkItemRow[]> {
  const ids = keys
    .sort(compare(plan.order))
    .slice(plan.skip, plan.skip + plan.take)
    .map((key) => key.id);
  return ids.length > 0 ? await selectWorkItems(db).where('work_items.id', 'in', ids).execute() : [];
}

/**
 * A page of a search that matched more than the count's cap: the firm's part from a window of its
 * due-date index (walkedKeys), or the general way when the window holds too few; other parts as ever.
 */
async function readCappedSearch(
  db: Kysely<DB>,
  parts: ScopePart[],
  filters: WorkFilters,
  plan: ReadPlan,
  keysOf: (part: ScopePart, single: boolean) => { execute(): Promise<Key[]> },
): Promise<WorkItemRow[]> {
  const wanted = plan.skip + plan.take;
  const keys: Key[] = [];
  for (const part of parts) {
    const arms = filters.q ? part.searchArms?.(filters.q) : null;
    const narrow = (eb: WorkEb) => eb.and([narrowOf(part, filters)(eb), afterCursor(plan)(eb)]);
    // SQLite's lower() folds ASCII alone and FTS5 every script: a term with other letters is read the general way.
    const walked =
      arms && isAscii(filters.q as string)
        ? await walkedKeys(db, filters.q as string, arms, narrow, plan.order, wanted).execute()
        : [];
    keys.push(...(walked.length === wanted ? walked : await keysOf(part, false).execute()));
  }
  return readRowsOfKeys(db, keys, plan);
}
