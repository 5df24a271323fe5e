import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { hasAnyRow } from '../../db/row-exists.js';
import type { DB, UsersTable } from '../../db/schema.js';
import { findViolatedUniqueIndex } from '../../db/unique-violation.js';
import { userScopeCondition } from '../../policy/user-reach.js';
import type { UserScope } from '../../policy/user-scope.js';

export type UserRow = Selectable<UsersTable> & { role_name: string };

/**
 * What a list row shows and its actions are decided by. A page reads these columns only: reading every
 * column of ten users cost four times as much as these (addresses, sealed sub-forms, password hashes).
 */
export const USER_LIST_COLUMNS = [
  'users.id',
  'users.role_id',
  'users.firm_id',
  'users.created_by',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.username',
  'users.mobile_number',
  'users.pan_number',
  'users.gst_number',
  'users.client_status_id',
  'users.assign_service_type',
  'users.status',
  'users.created_at',
  'users.updated_at',
] as const;

type ListColumn = (typeof USER_LIST_COLUMNS)[number] extends `users.${infer Column}` ? Column : never;
export type UserListRow = Pick<UserRow, ListColumn | 'role_name'>;

function selectUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .selectAll('users')
    .select('roles.name as role_name');
}

/**
 * The firm all of whose users of `roleId` the scope reaches, when nothing else narrows it (an MPC's
 * clients): such a list is the firm's rows of the role, and its size is the firm's kept count.
 */
export function firmWideRoleOf(scope: UserScope, roleId: number): number | undefined {
  if (scope.withinFirm === undefined || !scope.roleIds.includes(roleId)) return undefined;
  if (scope.createdBy !== undefined) return undefined;
  if (scope.firmId !== undefined && scope.firmId !== scope.withinFirm) return undefined;
  return scope.withinFirm;
}

const selectUserById = compiledOnce(1, (db, id: number) => selectUsers(db).where('users.id', '=', id));

/** Compiled once: the signed-in user is read by many requests (`/api/me`, every profile). */
export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  const [row] = await selectUserById(db, id);
  return row;
}

export function findUserInScope(db: Kysely<DB>, scope: UserScope, id: number): Promise<UserRow | undefined> {
  return (
    selectUsers(db)
      .where('users.id', '=', id)
      // One row: its assignment probed, not the person's every client read into a list.
      .where((eb) => userScopeCondition(eb, scope, undefined, 'probe'))
      .executeTakeFirst()
  );
}

/** Sign-in accepts an email (any case) or a username. */
export function findUserBySignInName(db: Kysely<DB>, identifier: string): Promise<UserRow | undefined> {
  const lowered = identifier.toLowerCase();
  return selectUsers(db)
    .where((eb) => eb.or([eb(sql`lower(users.email)`, '=', lowered), eb('users.username', '=', lowered)]))
    .executeTakeFirst();
}

export async function hasUserOfRole(db: Kysely<DB>, roleId: number): Promise<boolean> {
  return hasAnyRow(db.selectFrom('users').where('role_id', '=', roleId));
}

/** Usernames starting with `prefix`, in one query, to pick a free one without a query per try. */
export async function listTakenUsernames(db: Kysely<DB>, prefix: string): Promise<Set<string>> {
  const rows = await db.selectFrom('users').select('username').where('username', 'like', `${prefix}%`).execute();
  return new Set(rows.map((row) => row.username));
}

export async function isEmailTaken(db: Kysely<DB>, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return hasAnyRow(query);
}

/** The user who has this email (emails are unique whatever their case), other than `exceptUserId`. */
export function findEmailHolder(db: Kysely<DB>, email: string, exceptUserId?: number) {
  let query = db.selectFrom('users').select(['id', 'firm_id']).where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return query.executeTakeFirst();
}

export async function isUsernameTaken(db: Kysely<DB>, username: string, exceptUserId: number): Promise<boolean> {
  return hasAnyRow(db.selectFrom('users').where('username', '=', username).where('id', '!=', exceptUserId));
}

export function insertUser(db: Kysely<DB>, values: Insertable<UsersTable>): Promise<number> {
  return insertRow(db, 'users', values);
}

/**
 * Inserts the user unless its username is taken (then answers undefined, so the caller can pick another);
 * a taken email still fails with the unique violation.
 */
export async function insertUserUnlessUsernameTaken(
  db: Kysely<DB>,
  values: Insertable<UsersTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values(values)
    .onConflict((conflict) => conflict.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

// The unique indexes of `users` (migration 0001) by the name each dialect reports them under.
const USER_UNIQUE_FIELDS: Record<string, 'email' | 'username'> = {
  users_email_unique: 'email',
  users_username_key: 'username',
  'users.username': 'username',
};

/** The user field whose unique index the database refused a write for, if that is what happened. */
export function findUserFieldOfUniqueViolation(error: unknown): 'email' | 'username' | undefined {
  const index = findViolatedUniqueIndex(error);
  return index === undefined ? undefined : USER_UNIQUE_FIELDS[index];
}

export async function updateUser(db: Kysely<DB>, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export function findActiveUserByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'status'])
    .where('username', '=', username)
    .where('status', '!=', 'deactivated')
    .executeTakeFirst();
}
