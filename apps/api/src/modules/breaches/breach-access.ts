import { BREACH_MESSAGES as M } from '@portal/contract/breaches';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import type { Action } from '../../policy/access-table.js';
import { authorize, firmOf, type TargetFacts } from '../../policy/authorize.js';
import { type BreachRow, findBreach, type RegisterKey } from './breaches.repository.js';

type BreachAction = Extract<Action, `breach.${string}`>;

/** The register a keeper writes in: the admin the platform's, an MPC its firm's. */
export const registerOf = (actor: Actor): RegisterKey => (actor.role === 'admin' ? null : firmOf(actor));

/**
 * A register as the access table's rows read it: its keeper. The platform's is kept by the admins (any
 * admin stands for it), a firm's by the firm's MPC.
 */
export const keeperOf = (register: RegisterKey): TargetFacts =>
  register === null
    ? { id: 0, roleId: ROLE_ID.admin, firmId: null, createdBy: null }
    : { id: register, roleId: ROLE_ID.mpc, firmId: register, createdBy: null };

/** Whether the caller may do `action` in the register. */
export const mayInRegister = (actor: Actor, action: BreachAction, register: RegisterKey) =>
  authorize(actor, action, keeperOf(register));

/** 403 unless the caller keeps a register of its own to write in (the route's ability asked it already). */
export function assertOwnRegister(actor: Actor, action: BreachAction): RegisterKey {
  const register = registerOf(actor);
  if (!mayInRegister(actor, action, register)) failForbidden();
  return register;
}

/** The entry, if the caller sees its register (404 otherwise: another firm's never shows it exists), and may do `action`. */
export async function findVisibleBreach(
  context: AppContext,
  actor: Actor,
  id: number,
  action: BreachAction = 'breach.view',
): Promise<BreachRow> {
  const row = await findBreach(context.db, id);
  if (!row || !mayInRegister(actor, 'breach.view', row.firm_id)) failNotFound(M.notFound);
  if (!mayInRegister(actor, action, row.firm_id)) failForbidden();
  return row;
}
