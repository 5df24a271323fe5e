import { type ClientServiceFee, type FeeBasis, type FeesSave, BILLING_MESSAGES as M } from '@portal/contract/billing';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { listServicesOfUsers } from '../client-services/client-services.service.js';
import { listServiceCatalogue } from '../services/services.service.js';
import { findBillableClient } from './billable-client.js';
import { type ClientFeeRow, listFeesOfClient, replaceClientFees } from './fees.repository.js';

const presentFee = (row: ClientFeeRow | undefined): ClientServiceFee['fee'] =>
  row ? { amount_paise: row.amount_paise, basis: row.basis as FeeBasis, gst_rate_bp: row.gst_rate_bp } : null;

/** Every service the client takes, by name, with its SAC and its fee or none. */
async function listClientServiceFees(context: AppContext, clientId: number): Promise<ClientServiceFee[]> {
  const [services, catalogue, fees] = await Promise.all([
    listServicesOfUsers(context.db, [clientId]),
    listServiceCatalogue(context.db),
    listFeesOfClient(context.db, clientId),
  ]);
  const sacOf = new Map(catalogue.map((service) => [service.id, service.sac_code]));
  return services.map((service) => ({
    service_id: service.service_id,
    service_name: service.service_name,
    sac_code: sacOf.get(service.service_id) ?? null,
    fee: presentFee(fees.find((fee) => fee.service_id === service.service_id)),
  }));
}

/** `GET /api/clients/{id}/fees`: every service the client takes, with its fee or none. */
export async function readClientFees(context: AppContext, actor: Actor, clientId: number): Promise<ClientServiceFee[]> {
  await findBillableClient(context, actor, clientId);
  return listClientServiceFees(context, clientId);
}

/**
 * `PUT /api/clients/{id}/fees`: the client's fees as a whole (a service left out has none), each for a
 * service the client takes; one activity entry names the services whose fee changed.
 */
export async function saveClientFees(
  context: AppContext,
  actor: Actor,
  clientId: number,
  input: FeesSave,
  ip: string,
): Promise<ClientServiceFee[]> {
  const { firmId } = await findBillableClient(context, actor, clientId);
  const taken = new Set((await listServicesOfUsers(context.db, [clientId])).map((row) => row.service_id));
  input.fees.forEach((fee, index) => {
    if (!taken.has(fee.service_id)) failValidation(`fees.${index}.service_id`, M.serviceNotTaken);
  });
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const fees = input.fees.flatMap((fee) =>
      fee.amount_paise === null ? [] : [{ ...fee, amount_paise: fee.amount_paise }],
    );
    await replaceClientFees(trx, { clientId, firmId, fees, by: actor.id, at: at.toISOString() });
    const services = fees.map((fee) => fee.service_id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'billing.fees',
      entityType: 'user',
      entityId: clientId,
      details: { services },
      ip,
      at,
    });
  });
  return listClientServiceFees(context, clientId);
}
