import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createIndexes, ownedByUser, required } from './table-parts.js';

/**
 * The Aadhaar vault (issue 25, docs/decisions/0044): each Aadhaar number sealed under the vault's own
 * key, found by a random reference; the sub-form keeps only `{ ref, last4 }`. The firm and the owner
 * are there to erase by firm or by person; nothing else (no name, no digits).
 *
 * The numbers already in sub-forms need the data key to be opened, which no migration has: the rows
 * that may hold one are marked "not yet in their at-rest form" (`secrets_key_id` null, as rows written
 * before encryption were), and the start-up pass of encryption at rest moves their numbers into the
 * vault before the portal listens.
 */
export const aadhaarVaultMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('aadhaar_vault')
    .addColumn('ref', 'varchar(32)', (column) => column.notNull().unique())
    .addColumn('sealed_number', 'text', required)
    .addColumn('key_id', 'varchar(32)', required)
    .addColumn('firm_id', 'integer')
    .addColumn('owner_user_id', 'integer', ownedByUser)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'aadhaar_vault', {
    aadhaar_vault_owner_index: ['owner_user_id'],
    aadhaar_vault_firm_index: ['firm_id'],
    aadhaar_vault_key_index: ['key_id'],
  });
  // Sub-forms whose text names an Aadhaar field (`aadhar`, `aadharofkarta`, a partner's `aadharnumber`).
  await sql`update users set secrets_key_id = null where additional_data like ${'%"aadhar%'}`.execute(db);
});
