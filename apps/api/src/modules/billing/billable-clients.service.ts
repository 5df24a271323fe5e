import type { BillableClientOption } from '@portal/contract/billing';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { scopeFor } from '../../policy/authorize.js';
import { searchClientsWithin } from './billable-client.repository.js';
import { billingFirmOf } from './invoices.service.js';

/** Clients offered at once: the box narrows them by name. */
const OPTIONS_LIMIT = 20;

/**
 * `GET /api/billing/clients`: the clients the caller bills (the access table's `billing.manage`), by name
 * or the one asked for, with the state and GSTIN the invoice editor works the tax out from.
 */
export async function listBillableClients(
  context: AppContext,
  actor: Actor,
  filters: { q?: string; id?: number },
): Promise<BillableClientOption[]> {
  billingFirmOf(actor);
  const rows = await searchClientsWithin(context.db, scopeFor(actor, 'billing.manage'), {
    ...filters,
    limit: OPTIONS_LIMIT,
  });
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row.first_name, row.last_name),
    state: row.state,
    gstin: row.gst_number,
  }));
}
