import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, UsersTable } from '../../db/schema.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import type { Action } from '../../policy/access-table.js';
import { authorize } from '../../policy/authorize.js';
import { type UserScope, userScopeFor } from '../../policy/user-scope.js';
import { toUserTarget } from './user-target.js';
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

/** The user the caller's scope reaches, or 404: out of reach and missing answer the same. */
export async function requireUserInScope(context: AppContext, actor: Actor, id: number): Promise<UserRow> {
  const row = await stored.findUserInScope(context.db, userScopeFor(actor), id);
  if (!row) failNotFound(USER_MESSAGES.notFound);
  return row;
}

/** A user the caller acts on: in its scope (else 404) and, by the access table, one it may do `action` to (else 403). */
export async function requireUserToActOn(
  context: AppContext,
  actor: Actor,
  id: number,
  action: Action,
): Promise<UserRow> {
  const row = await requireUserInScope(context, actor, id);
  if (!authorize(actor, action, toUserTarget(row))) failForbidden();
  return row;
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
