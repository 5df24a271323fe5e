import { defineMigration } from '../migration-helpers.js';
import { addUpdater, required } from './table-parts.js';

/**
 * An invoice's documents (issue 23, docs/billing.md): the e-invoice details staff type in from the IRP
 * (its IRN, unique as the IRP makes it, and the acknowledgement's number and date; CGST Rules rule 48(4)),
 * the supplier and recipient as they were at issue (JSON: a later change of address rewrites no invoice),
 * and a firm's logo for its invoices, kept in the database: a small public image, read with every PDF.
 */
export const invoiceDocumentsMigration = defineMigration(async (db, { dialect, timestamp }) => {
  await db.schema.alterTable('invoices').addColumn('irn', 'varchar(64)').execute();
  await db.schema.alterTable('invoices').addColumn('irn_ack_number', 'varchar(20)').execute();
  await db.schema.alterTable('invoices').addColumn('irn_ack_date', 'varchar(10)').execute();
  await db.schema.alterTable('invoices').addColumn('issued_parties', 'text').execute();
  await db.schema.createIndex('invoices_irn_unique').on('invoices').column('irn').unique().execute();
  await db.schema
    .createTable('billing_logos')
    .addColumn('firm_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mime_type', 'varchar(20)', required)
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', required)
    .addColumn('size_bytes', 'integer', required)
    .$call(addUpdater(timestamp))
    .execute();
});
