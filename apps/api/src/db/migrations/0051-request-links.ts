import { defineMigration } from '../migration-helpers.js';
import { addCreator, createIndexes, ownedByUser, partOf, required } from './table-parts.js';

/**
 * Request links (issue 24, docs/decisions/0036): a link mailed with a document request that opens that
 * request alone, without a sign-in. Only the SHA-256 of its token is kept; one live link per request (a
 * new one revokes the old); it ends at `expires_at` (30 days), at `revoked_at`, or when the request
 * closes. A firm setting turns such links off (on by default).
 */
export const requestLinksMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('request_links')
    .addColumn('token_hash', 'char(64)', (column) => column.notNull().unique())
    .addColumn('request_id', 'integer', partOf('document_requests'))
    .addColumn('client_id', 'integer', ownedByUser)
    .$call(addCreator(timestamp))
    .addColumn('expires_at', timestamp, required)
    .addColumn('revoked_at', timestamp)
    .execute();
  await createIndexes(db, 'request_links', { request_links_request_index: ['request_id'] });
  await db.schema
    .alterTable('firm_settings')
    .addColumn('request_links_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
});
