import { BILLING_MESSAGES as M } from '@portal/contract/billing';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import type { Action } from '../../policy/access-table.js';
import { scopeFor } from '../../policy/authorize.js';
import { findPersonWithin } from './billable-client.repository.js';

export type BillableClient = {
  id: number;
  firmId: number;
  name: string;
  state: string | null;
  gstin: string | null;
};

/**
 * The person the caller acts on for `action` (always of the caller's firm): 403 when the access table
 * grants no such row but the caller sees the person, 404 when it does not see it at all. A PC or executor
 * who bills reaches every client of the firm, also those it does not handle.
 */
async function findPersonFor(context: AppContext, actor: Actor, userId: number, action: Action, notFound: string) {
  const person = await findPersonWithin(context.db, userId, scopeFor(actor, action));
  if (person && person.firm_id !== null) return { ...person, firm_id: person.firm_id };
  if (await findPersonWithin(context.db, userId, scopeFor(actor, 'user.view'))) failForbidden();
  return failNotFound(notFound);
}

/**
 * The client the caller bills (the access table's `billing.manage`: the client's firm's MPC, and a PC or
 * executor of the firm the MPC lets bill).
 */
export async function findBillableClient(context: AppContext, actor: Actor, clientId: number): Promise<BillableClient> {
  const client = await findPersonFor(context, actor, clientId, 'billing.manage', M.clientNotFound);
  return {
    id: client.id,
    firmId: client.firm_id,
    name: fullName(client.first_name, client.last_name),
    state: client.state,
    gstin: client.gst_number,
  };
}

/** A PC or executor of the caller's firm whose billing permission it sets (`billing.grant`: the MPC). */
export async function findGrantee(context: AppContext, actor: Actor, userId: number) {
  const person = await findPersonFor(context, actor, userId, 'billing.grant', M.userNotFound);
  return { id: person.id, granted: person.billing_granted === 1 };
}
