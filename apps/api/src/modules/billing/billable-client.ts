import { BILLING_MESSAGES as M } from '@portal/contract/billing';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
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
 * The client the caller bills: 404 when it does not see the person at all, 403 when it sees it but may
 * not bill it (the access table's `billing.manage`: the client's firm's MPC).
 */
export async function findBillableClient(context: AppContext, actor: Actor, clientId: number): Promise<BillableClient> {
  if (!(await findPersonWithin(context.db, clientId, scopeFor(actor, 'user.view')))) failNotFound(M.clientNotFound);
  const client = await findPersonWithin(context.db, clientId, scopeFor(actor, 'billing.manage'));
  // The access table's row reaches only clients of the caller's firm: a PC or another role is refused here.
  if (!client || client.firm_id === null) failForbidden();
  return {
    id: client.id,
    firmId: client.firm_id,
    name: `${client.first_name} ${client.last_name ?? ''}`.trim(),
    state: client.state,
    gstin: client.gst_number,
  };
}
