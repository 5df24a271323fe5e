import type { Insertable, Kysely } from 'kysely';
import type { BillingProfilesTable, DB } from '../../db/schema.js';

export function findProfileOfFirm(db: Kysely<DB>, firmId: number) {
  return db.selectFrom('billing_profiles').selectAll().where('firm_id', '=', firmId).executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileOfFirm>>>;
type ProfileValues = Omit<Insertable<BillingProfilesTable>, 'id' | 'firm_id' | 'created_at'>;

/** Writes the firm's whole profile (the caller merged what was kept into it). */
export async function saveProfileOfFirm(
  db: Kysely<DB>,
  firmId: number,
  values: ProfileValues & { updated_at: string },
): Promise<void> {
  await db
    .insertInto('billing_profiles')
    .values({ firm_id: firmId, ...values, created_at: values.updated_at })
    .onConflict((conflict) => conflict.column('firm_id').doUpdateSet(values))
    .execute();
}
