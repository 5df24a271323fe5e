import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** What an invoice's PDF and mail say of its client: name, address, GSTIN and state, and where to write. */
export function findRecipientOf(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'address', 'city', 'pincode', 'state', 'gst_number'])
    .where('id', '=', clientId)
    .executeTakeFirst();
}

export type RecipientRow = NonNullable<Awaited<ReturnType<typeof findRecipientOf>>>;

/** The IRN and acknowledgement of an issued invoice (not a draft, not a cancelled one); whether it was. */
export function writeInvoiceIrn(
  db: Kysely<DB>,
  id: number,
  values: { irn: string; irn_ack_number: string; irn_ack_date: string; updated_at: string },
): Promise<boolean> {
  return updatesAnyRow(
    db.updateTable('invoices').set(values).where('id', '=', id).where('status', 'not in', ['draft', 'cancelled']),
  );
}

export function findLogoOfFirm(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('billing_logos')
    .select(['mime_type', 'content', 'size_bytes', 'updated_at'])
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
}

/** The firm's logo becomes this one (one per firm). */
export async function writeLogoOfFirm(
  db: Kysely<DB>,
  firmId: number,
  logo: { mime_type: string; content: Buffer; size_bytes: number; updated_by: number; updated_at: string },
): Promise<void> {
  await db
    .insertInto('billing_logos')
    .values({ firm_id: firmId, ...logo })
    .onConflict((conflict) => conflict.column('firm_id').doUpdateSet(logo))
    .execute();
}

/** Whether there was a logo to remove. */
export async function removeLogoOfFirm(db: Kysely<DB>, firmId: number): Promise<boolean> {
  const result = await db.deleteFrom('billing_logos').where('firm_id', '=', firmId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
