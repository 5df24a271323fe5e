import type { Actor } from '../auth/actor.js';
import { failForbidden } from '../http/http-error.js';
import type { Action } from './access-table.js';
import { authorize, firmOf, selfTarget } from './authorize.js';

/**
 * The caller's own firm, as the target of `action` on it (its settings, its billing profile: its MPC's):
 * the firm's id, or 403 (the admin has no firm).
 */
export function ownFirmFor(actor: Actor, action: Action): number {
  const firmId = firmOf(actor);
  if (firmId === null || !authorize(actor, action, selfTarget(actor))) failForbidden();
  return firmId;
}
