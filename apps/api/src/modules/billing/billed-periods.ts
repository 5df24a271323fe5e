import type { FeeBasis } from '@portal/contract/billing';
import { isPeriodKeyOf } from '@portal/contract/billing-ready';
import { type InvoiceDraft, INVOICE_PERIOD_MESSAGES as P } from '@portal/contract/invoices';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { failValidation } from '../../http/http-error.js';
import { listFeesOfClient } from './fees.repository.js';
import { readPeriodsHeldElsewhere } from './invoices.repository.js';

/**
 * Every fee period a draft's lines name is one its client service's fee charges for (a month of a
 * monthly retainer, `ONCE` of a one-off fee...), named once, and no other live invoice bills it.
 */
export async function checkPeriodsToBill(
  db: Kysely<DB>,
  clientId: number,
  draft: Pick<InvoiceDraft, 'lines'>,
  invoiceId: number | null,
): Promise<void> {
  const named = draft.lines.flatMap((line, index) => (line.period ? [{ ...line.period, index }] : []));
  if (named.length === 0) return;
  const fees = await listFeesOfClient(db, clientId);
  const held = await readPeriodsHeldElsewhere(
    db,
    clientId,
    named.map((period) => period.service_id),
    invoiceId,
  );
  const seen = new Set<string>();
  for (const { service_id, period_key, index } of named) {
    const field = `lines.${index}.period`;
    const fee = fees.find((row) => row.service_id === service_id);
    if (!fee || !isPeriodKeyOf(fee.basis as FeeBasis, period_key)) failValidation(field, P.periodInvalid);
    const key = `${service_id}:${period_key}`;
    if (seen.has(key)) failValidation(field, P.periodRepeated);
    if (held.has(key)) failValidation(field, P.periodBilled);
    seen.add(key);
  }
}
