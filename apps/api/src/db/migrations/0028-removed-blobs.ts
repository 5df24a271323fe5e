import { defineMigration } from '../migration-helpers.js';
import { createIndexes, required } from './table-parts.js';

/**
 * A stored file whose row was deleted leaves a tombstone here, in the transaction that deletes the row;
 * its blob is removed only once the tombstone is older than `REMOVED_FILES_KEPT_HOURS`, a window longer
 * than any backup, so a backup's snapshot always finds the files it names (docs/decisions/0016).
 */
export const createRemovedBlobsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('removed_blobs')
    .addColumn('blob_key', 'text', (column) => column.notNull().unique())
    .addColumn('removed_at', timestamp, required)
    .execute();
  await createIndexes(db, 'removed_blobs', { removed_blobs_removed_at_index: ['removed_at', 'id'] });
});
