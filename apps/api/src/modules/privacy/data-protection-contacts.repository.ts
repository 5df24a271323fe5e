import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The firm's contact, or (null) the platform's. */
export function findContactRow(db: Kysely<DB>, firmId: number | null) {
  return db
    .selectFrom('data_protection_contacts')
    .select(['name', 'email', 'phone', 'updated_at'])
    .where((eb) => (firmId === null ? eb('firm_id', 'is', null) : eb('firm_id', '=', firmId)))
    .executeTakeFirst();
}

/** Writes the firm's (or the platform's) one contact: the unique index on its scope keeps it one row. */
export async function saveContactRow(
  db: Kysely<DB>,
  values: { firmId: number | null; name: string; email: string; phone: string; by: number; at: string },
): Promise<void> {
  const columns = {
    name: values.name,
    email: values.email,
    phone: values.phone,
    updated_by: values.by,
    updated_at: values.at,
  };
  await db
    .insertInto('data_protection_contacts')
    .values({ firm_id: values.firmId, ...columns })
    .onConflict((conflict) => conflict.expression(sql`coalesce(firm_id, 0)`).doUpdateSet(columns))
    .execute();
}
