import { ROLE_ID } from '@portal/contract/roles';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { matchingIds, quotePhrase } from '../../db/search-index.js';
import { containsPattern, readIndexedName } from '../users/user-search.js';

type WorkEb = ExpressionBuilder<DB, 'work_items'>;
type Condition = Expression<SqlBool>;

/**
 * A search of one firm's items through its indexes (docs/decisions/0053-work-search-by-matches.md), as
 * two sets of matches: the items whose title holds the term (`titled`) and the items of the firm's
 * clients whose name holds it (`named`, client ids). Null when the term is shorter than a trigram.
 */
export type WorkSearchArms = {
  /** The firm's clients whose name holds the term: SQLite's `users_search`, PostgreSQL's `users_search_index`. */
  namedClients: (eb: WorkEb) => Expression<number>;
  /** SQLite: the firm's items whose title holds the term, as ids of `work_items_search`. */
  titledIds?: Expression<number>;
  /** PostgreSQL: the item's title holds the term, read through `work_items_title_search_index`. */
  titled?: (eb: WorkEb) => Condition;
};

export function readWorkSearchArms(q: string, firmId: number, dialect: DialectName): WorkSearchArms | null {
  const text = q.toLowerCase();
  const name = readIndexedName(text);
  if (!name) return null;
  if (dialect === 'sqlite')
    return {
      namedClients: () => sql<number>`(${matchingIds('users_search', name, firmId)})`,
      titledIds: sql<number>`(${matchingIds('work_items_search', `title : ${quotePhrase(text)}`, firmId)})`,
    };
  const pattern = containsPattern(text);
  return {
    // The very expression `users_search_index` holds, with the firm first (migration 0065).
    namedClients: (eb) =>
      sql<number>`(${eb
        .selectFrom('users as named')
        .select('named.id')
        .where('named.firm_id', '=', firmId)
        .where('named.role_id', '=', ROLE_ID.client)
        .where(sql<SqlBool>`lower(named.first_name || ' ' || named.last_name) like ${pattern} escape '\\'`)})`,
    titled: (eb) =>
      eb.and([
        eb('work_items.firm_id', '=', firmId),
        sql<SqlBool>`lower(work_items.title) like ${pattern} escape '\\'`,
      ]),
  };
}

/** Matches in either arm, as one condition: what a page walking the firm's due-date index tests per item. */
export function matchesEither(eb: WorkEb, arms: WorkSearchArms): Condition {
  const titled = arms.titledIds ? eb('work_items.id', 'in', arms.titledIds) : (arms.titled?.(eb) as Condition);
  return eb.or([titled, eb('work_items.client_id', 'in', arms.namedClients(eb))]);
}

type Narrow = (eb: WorkEb) => Condition;

/**
 * The keys (id, due date) of the part's matches, each arm read from its index: the named clients' items
 * through `work_items_client_firm_index`, the titled items by id (SQLite) or through the title index
 * (PostgreSQL), less those of named clients, so no item is read twice. `narrow` is the part, its other
 * filters and a cursor.
 */
export function matchedKeys(db: Kysely<DB>, arms: WorkSearchArms, narrow: Narrow) {
  const named = db
    .selectFrom('work_items')
    .select(['work_items.id', 'work_items.due_date'])
    .where((eb) => eb('work_items.client_id', 'in', arms.namedClients(eb)))
    .where(narrow);
  const notNamed = (eb: WorkEb) => eb.not(eb('work_items.client_id', 'in', arms.namedClients(eb)));
  if (arms.titledIds) {
    // `cross join` keeps SQLite's join order: the matches first, then each item by its key.
    const titled = db
      .selectFrom(sql<{ id: number }>`${arms.titledIds}`.as('titled'))
      .crossJoin('work_items')
      .select(['work_items.id', 'work_items.due_date'])
      .where((eb) => eb('work_items.id', '=', eb.ref('titled.id')))
      .where((eb) => notNamed(eb as unknown as WorkEb))
      .where((eb) => narrow(eb as unknown as WorkEb));
    return { named, titled };
  }
  const titled = db
    .selectFrom('work_items')
    .select(['work_items.id', 'work_items.due_date'])
    .where((eb) => (arms.titled as Narrow)(eb))
    .where(notNamed)
    .where(narrow);
  return { named, titled };
}

/**
 * A search counts its matches up to this many and reports more as "more than" it (the answer's
 * `total_capped`): counting a term found in most titles read every match, 60 ms at a firm of 140k items
 * (docs/decisions/0058-work-search-capped-count.md). At most this many matches are also put in order.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * How many of the part's items match, each arm counted from its matches and stopped past the cap: FTS5
 * and PostgreSQL's bitmap yield matches as they go, so a term in every title costs a thousand of them.
 */
export async function countMatched(db: Kysely<DB>, arms: WorkSearchArms, narrow: Narrow): Promise<number> {
  const { named, titled } = matchedKeys(db, arms, narrow);
  const counted = <Q extends typeof named>(keys: Q) =>
    db
      .selectFrom(
        keys
          .clearSelect()
          .select(sql<number>`1`.as('one'))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('matched'),
      )
      .select(sql<number>`count(*)`.as('n'));
  const row = await db
    .selectNoFrom([counted(named).as('named'), counted(titled as typeof named).as('titled')])
    .executeTakeFirstOrThrow();
  return Number(row.named) + Number(row.titled);
}

/**
 * The first rows of a search that matched more than the cap, found along the part's due-date index in a
 * window of WALK_FACTOR rows per row wanted, each tested by its title and its client's name: a term in
 * most titles fills its page from the window. Fewer than `wanted` means the matches are sparse or
 * bunched past the window, and the page is read the general way (the matches tested by id).
 */
export const WALK_FACTOR = 10;

export function walkedKeys(
  db: Kysely<DB>,
  q: string,
  arms: WorkSearchArms,
  narrow: Narrow,
  order: 'asc' | 'desc',
  wanted: number,
) {
  const window = db
    .selectFrom('work_items')
    .select(['work_items.id', 'work_items.due_date', 'work_items.title', 'work_items.client_id'])
    .where(narrow)
    .orderBy('work_items.due_date', order)
    .orderBy('work_items.id', order)
    .limit(wanted * WALK_FACTOR)
    .as('walked');
  const pattern = containsPattern(q.toLowerCase());
  return db
    .selectFrom(window)
    .select(['walked.id', 'walked.due_date'])
    .where((eb) =>
      eb.or([
        sql<SqlBool>`lower(walked.title) like ${pattern} escape '\\'`,
        eb('walked.client_id', 'in', arms.namedClients(eb as unknown as WorkEb)),
      ]),
    )
    .orderBy('walked.due_date', order)
    .orderBy('walked.id', order)
    .limit(wanted);
}
