import { type Subject, scopeFor } from './authorize.js';

/**
 * Which users an actor reaches, as data the users repository turns into SQL, so a list can never hold
 * another firm's rows. It is compiled from the access table (`scopeFor`), the same rows `authorize`
 * reads for one record.
 */
export type UserScope = {
  /**
   * Every user the scope reaches belongs to this firm (the actor's own record included): true of every
   * actor but the admin. The SQL puts it first, so a list reads one firm's rows through an index that
   * starts with the firm, never the platform's.
   */
  withinFirm?: number;
  roleIds: number[];
  /** Only users of this firm. */
  firmId?: number;
  /** Only users this user created. */
  createdBy?: number;
  /** The actor's own record, whatever its role. */
  selfId?: number;
  /** Also the clients of this firm that this user handles a service of, while in PC/Executor mode. */
  assignedAs?: { column: 'pc_id' | 'executor_id'; userId: number; firmId: number };
};

/** The users an actor sees: lists, details, dropdowns (`user.view`). */
export function userScopeFor(subject: Subject): UserScope {
  return scopeFor(subject, 'user.view');
}

/** The users counted on a dashboard's cards (`user.count`). */
export function countScopeFor(subject: Subject): UserScope {
  return scopeFor(subject, 'user.count');
}
