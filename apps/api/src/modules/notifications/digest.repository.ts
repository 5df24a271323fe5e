import { type Kysely, sql } from 'kysely';
import { insertNewRows } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { wantsMailSql } from './mail-preferences.repository.js';

const STAFF_ROLE_IDS = [2, 3, 4];

/**
 * The instant the first full digest pass of an India date read its recipients as of, or undefined
 * before one finished: everyone who existed then was covered; later passes look only at people added since.
 */
export async function readDigestDayMark(db: Kysely<DB>, date: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('digest_days')
    .select('finished_at')
    .where('digest_date', '=', date)
    .executeTakeFirst();
  return row === undefined ? undefined : new Date(row.finished_at).toISOString();
}

export async function markDigestDayDone(db: Kysely<DB>, date: string, at: string): Promise<void> {
  await insertNewRows(db, 'digest_days', [{ digest_date: date, finished_at: at }], ['digest_date']);
}

/**
 * Active staff (MPC, PC, executor) with open work due by `until`, and every active MPC (its registers) (theirs: assigned to them, or, for an
 * MPC, its firm's that nobody is assigned), who have not turned the digest off; with `addedSince`, only
 * those added from that instant (the role and creation index keeps a later pass small).
 */
export function listDigestRecipients(db: Kysely<DB>, until: string, addedSince?: string) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.role_id', 'users.firm_id', 'users.email', 'users.first_name'])
    .where((eb) =>
      eb.or([
        eb(
          'users.id',
          'in',
          db
            .selectFrom('work_items')
            .select(sql<number>`coalesce(work_items.assignee_id, work_items.firm_id)`.as('person'))
            .where('work_items.is_open', '=', 1)
            .where('work_items.due_date', '<=', until),
        ),
        // An MPC is asked about its firm's registers (certificates expiring, UDINs missing) besides.
        eb('users.role_id', '=', 2),
      ]),
    )
    .where('users.role_id', 'in', STAFF_ROLE_IDS)
    .where('users.status', '=', 'active')
    .where(wantsMailSql('users.id', 'daily_digest'));
  if (addedSince !== undefined) query = query.where('users.created_at', '>=', addedSince);
  return query.orderBy('users.id').execute();
}

export type DigestRecipient = Awaited<ReturnType<typeof listDigestRecipients>>[number];

type Person = { id: number; isMpc: boolean };

/** A person's work: assigned to it, and for an MPC also its firm's that nobody is assigned. */
const ownedBy = (person: Person) =>
  person.isMpc
    ? sql<boolean>`(work_items.assignee_id = ${person.id} or (work_items.assignee_id is null and work_items.firm_id = ${person.id}))`
    : sql<boolean>`work_items.assignee_id = ${person.id}`;

/** A person's open items due by `until`, earliest first, at most `limit`, with the client's name. */
export function listDigestItems(db: Kysely<DB>, person: Person, until: string, limit: number) {
  return db
    .selectFrom('work_items')
    .$call(joinPersonName('client', 'work_items.client_id', 'inner'))
    .select(['work_items.id', 'work_items.title', 'work_items.due_date', 'work_items.status'])
    .where('work_items.is_open', '=', 1)
    .where('work_items.due_date', '<=', until)
    .where(ownedBy(person))
    .orderBy('work_items.due_date')
    .orderBy('work_items.id')
    .limit(limit)
    .execute();
}

/** How many of those there are: overdue (due before `today`) and the rest. */
export async function countDigestItems(
  db: Kysely<DB>,
  person: Person,
  today: string,
  until: string,
): Promise<{ overdue: number; dueSoon: number }> {
  const row = await db
    .selectFrom('work_items')
    .select([
      sql<number | string>`sum(case when work_items.due_date < ${today} then 1 else 0 end)`.as('overdue'),
      sql<number | string>`sum(case when work_items.due_date >= ${today} then 1 else 0 end)`.as('due_soon'),
    ])
    .where('work_items.is_open', '=', 1)
    .where('work_items.due_date', '<=', until)
    .where(ownedBy(person))
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue ?? 0), dueSoon: Number(row.due_soon ?? 0) };
}
