import { ROLE_ID } from '@portal/contract/roles';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { listHistoryOf } from '../../db/history-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { BreachChangesTable, BreachesTable, DB } from '../../db/schema.js';

/** A register: the platform's (null) or one firm's (its MPC's id). */
export type RegisterKey = number | null;

export type BreachRow = Selectable<BreachesTable> & {
  recorder_first_name: string | null;
  recorder_last_name: string | null;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
};

function selectBreaches(db: Kysely<DB>) {
  return db
    .selectFrom('breaches')
    .$call(joinPersonName('recorder', 'breaches.created_by'))
    .$call(joinPersonName('reporter', 'breaches.board_reported_by'))
    .selectAll('breaches');
}

export function findBreach(db: Kysely<DB>, id: number): Promise<BreachRow | undefined> {
  return selectBreaches(db).where('breaches.id', '=', id).executeTakeFirst();
}

/** A page of one register, newest entry first, read in the (firm_id, id) index. */
export function listBreaches(db: Kysely<DB>, register: RegisterKey, page: { before?: number; limit: number }) {
  let query = selectBreaches(db).where('breaches.firm_id', register === null ? 'is' : '=', register);
  if (page.before !== undefined) query = query.where('breaches.id', '<', page.before);
  return query.orderBy('breaches.id', 'desc').limit(page.limit).execute();
}

export function insertBreach(db: Kysely<DB>, values: Insertable<BreachesTable>): Promise<number> {
  return insertRow(db, 'breaches', values);
}

export async function updateBreach(db: Kysely<DB>, id: number, values: Updateable<BreachesTable>): Promise<void> {
  await db.updateTable('breaches').set(values).where('id', '=', id).execute();
}

/** The people an entry names, by id order, with their names. */
export function listBreachPeople(db: Kysely<DB>, breachId: number) {
  return db
    .selectFrom('breach_people')
    .$call(joinPersonName('person', 'breach_people.user_id', 'inner'))
    .select('breach_people.user_id')
    .where('breach_people.breach_id', '=', breachId)
    .orderBy('breach_people.user_id')
    .execute();
}

/** The entry names these people, and no others. */
export async function replaceBreachPeople(db: Kysely<DB>, breachId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('breach_people').where('breach_id', '=', breachId).execute();
  for (let start = 0; start < userIds.length; start += 200)
    await db
      .insertInto('breach_people')
      .values(userIds.slice(start, start + 200).map((user_id) => ({ breach_id: breachId, user_id })))
      .execute();
}

/**
 * Which of `userIds` the register may name as affected: a firm's clients, or on the platform the firms
 * (by their MPC).
 */
export async function listCoveredPeople(db: Kysely<DB>, register: RegisterKey, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  let query = db.selectFrom('users').select('id').where('id', 'in', userIds);
  query =
    register === null
      ? query.where('role_id', '=', ROLE_ID.mpc)
      : query.where('role_id', '=', ROLE_ID.client).where('firm_id', '=', register);
  return (await query.execute()).map((row) => row.id);
}

export async function insertBreachChanges(db: Kysely<DB>, rows: Insertable<BreachChangesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('breach_changes').values(rows).execute();
}

/** An entry's changes, oldest first, with who made each. */
export function listBreachChanges(db: Kysely<DB>, breachId: number) {
  const changer = { alias: 'changer', column: 'changed_by' } as const;
  return listHistoryOf(db, 'breach_changes', { column: 'breach_id', ids: [breachId] }, changer);
}

export type BreachChangeRow = Awaited<ReturnType<typeof listBreachChanges>>[number];

/** The entry made `count` more notices (in the transaction that claimed them). */
export async function addNoticesMade(db: Kysely<DB>, breachId: number, count: number): Promise<void> {
  await db
    .updateTable('breaches')
    .set((eb) => ({ notices_made: eb('notices_made', '+', count) }))
    .where('id', '=', breachId)
    .execute();
}

/** A person to write to about the register: for the contact a notice names when no other is kept. */
export function findPerson(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile_number', 'firm_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The platform's first admin still active: the contact of the platform's notices when its recorder is gone. */
export function findFirstAdmin(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile_number', 'firm_name'])
    .where('role_id', '=', ROLE_ID.admin)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
