import type { FeeBasis, FeeInput } from '@portal/contract/billing';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The fees a firm set for one client's services. */
export function listFeesOfClient(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('client_service_fees')
    .select(['service_id', 'amount_paise', 'basis', 'gst_rate_bp'])
    .where('client_id', '=', clientId)
    .execute();
}

export type ClientFeeRow = Awaited<ReturnType<typeof listFeesOfClient>>[number];

/** The client's fees become `fees`: the others go, these are written (one row per client service). */
export async function replaceClientFees(
  db: Kysely<DB>,
  values: { clientId: number; firmId: number; fees: (FeeInput & { amount_paise: number })[]; by: number; at: string },
): Promise<void> {
  const kept = values.fees.map((fee) => fee.service_id);
  let removal = db.deleteFrom('client_service_fees').where('client_id', '=', values.clientId);
  if (kept.length > 0) removal = removal.where('service_id', 'not in', kept);
  await removal.execute();
  for (const fee of values.fees) {
    const changes = {
      amount_paise: fee.amount_paise,
      basis: fee.basis satisfies FeeBasis,
      gst_rate_bp: fee.gst_rate_bp,
      updated_by: values.by,
      updated_at: values.at,
    };
    await db
      .insertInto('client_service_fees')
      .values({
        firm_id: values.firmId,
        client_id: values.clientId,
        service_id: fee.service_id,
        ...changes,
        created_by: values.by,
        created_at: values.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['client_id', 'service_id']).doUpdateSet({
          ...changes,
          // The day it is charged on this basis from (ready-entries.ts): a new basis starts today.
          created_at: sql<string>`case when client_service_fees.basis = excluded.basis then client_service_fees.created_at else excluded.created_at end`,
        }),
      )
      .execute();
  }
}
