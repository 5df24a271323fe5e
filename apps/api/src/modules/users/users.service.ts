import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';
import type { UserScope } from '../../policy/user-scope.js';
import * as stored from './users.repository.js';

/**
 * The users table as other modules ask for it: accounts, sign-in, passwords, two-factor, assignments,
 * family members and files read and change a user here, never through users.repository.ts.
 */

export type UserRow = stored.UserRow;

/** Compiled once: the signed-in user is read by many requests (`/api/me`, every profile). */
export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return stored.findUserById(db, id);
}

/** The user if the scope (policy/user-scope.ts) reaches it: out of reach and missing read the same. */
export function findUserInScope(db: Kysely<DB>, scope: UserScope, id: number): Promise<UserRow | undefined> {
  return stored.findUserInScope(db, scope, id);
}

/** Sign-in accepts an email (any case) or a username. */
export function findUserBySignInName(db: Kysely<DB>, identifier: string): Promise<UserRow | undefined> {
  return stored.findUserBySignInName(db, identifier);
}

/** A user not disabled, by username (another firm's MPC named on an assignment). */
export function findActiveUserByUsername(db: Kysely<DB>, username: string) {
  return stored.findActiveUserByUsername(db, username);
}

export function hasUserOfRole(db: Kysely<DB>, roleId: number): Promise<boolean> {
  return stored.hasUserOfRole(db, roleId);
}

export function insertUser(db: Kysely<DB>, values: Insertable<UsersTable>): Promise<number> {
  return stored.insertUser(db, values);
}

export function updateUser(db: Kysely<DB>, id: number, values: Updateable<UsersTable>): Promise<void> {
  return stored.updateUser(db, id, values);
}
