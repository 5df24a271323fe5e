import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreatorAndTimestamps,
  addFirmClientAndService,
  createIndexes,
  createUniqueIndexes,
  required,
} from './table-parts.js';

/**
 * Billing's first tables (issue 23, docs/billing.md): the SAC code the admin gives a catalogue service,
 * and what a firm charges for one client service, one fee each: an amount in integer paise, how it is
 * charged and its GST rate in basis points (integers end to end, never a float).
 */
export const billingFeesMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await db.schema.alterTable('services').addColumn('sac_code', 'varchar(6)').execute();
  await createTableWithId('client_service_fees')
    .$call(addFirmClientAndService)
    .addColumn('amount_paise', 'integer', required)
    .addColumn('basis', 'varchar(10)', required)
    .addColumn('gst_rate_bp', 'integer', required)
    .addColumn('updated_by', 'integer', actedOnBy)
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createUniqueIndexes(db, 'client_service_fees', {
    client_service_fees_service_unique: ['client_id', 'service_id'],
  });
  // Ready to bill (later) reads a firm's per-item fees by service.
  await createIndexes(db, 'client_service_fees', {
    client_service_fees_firm_index: ['firm_id', 'basis', 'service_id'],
  });
});
