import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * A queued message knows the reset or invitation link it carries (issue 20): without SMTP_URL its `.eml`
 * in DATA_DIR/outbox holds a working link, removed once the link is used, replaced or expired
 * (modules/mail/outbox-links.ts).
 * - `password_link_id`: the `password_links` row. No foreign key: that row goes when the link is used or
 *   replaced, and the message stays for the record;
 * - `link_expires_at`: when the link stops working at the latest;
 * - `outbox_file`: the file's name in DATA_DIR/outbox, while it may still be there. Few rows have one,
 *   so the pass reads them through a partial index.
 */
export const createOutboxLinksMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema.alterTable('mail_outbox').addColumn('password_link_id', 'integer').execute();
  await db.schema.alterTable('mail_outbox').addColumn('link_expires_at', timestamp).execute();
  await db.schema.alterTable('mail_outbox').addColumn('outbox_file', 'varchar(100)').execute();
  await sql`create index mail_outbox_file_index on mail_outbox (link_expires_at) where outbox_file is not null`.execute(
    db,
  );
});
