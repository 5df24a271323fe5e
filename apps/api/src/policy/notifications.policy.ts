import type { Actor } from '../auth/actor.js';
import { mayEver, type Subject, scopeFor } from './authorize.js';

/**
 * Whose notifications the caller lists and marks: compiled from the `notification.read` rows of the
 * access table, which grant only `self`, so the SQL is always one recipient, the caller. Null: nobody's
 * (no row, or a user still completing its registration).
 */
export function notificationRecipientOf(subject: Subject): number | null {
  return scopeFor(subject, 'notification.read').selfId ?? null;
}

/** Endpoint-level ability of the bell. */
export const notificationsPolicy = {
  'notifications.read': (actor: Actor) => mayEver(actor, 'notification.read'),
  'firm.feed': (actor: Actor) => mayEver(actor, 'firm.feed'),
};
