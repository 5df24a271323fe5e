import { defineMigration } from '../migration-helpers.js';
import { createIndexes, required } from './table-parts.js';

/**
 * One counter row per throttled key (sign-in per account and per address, registration per address,
 * profile updates per account), bumped in one atomic upsert; it replaces `login_failures`, whose
 * read-then-write let parallel attempts pass one read of the limit (docs/decisions/0008).
 */
export const createThrottlesMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'varchar(300)', (column) => column.primaryKey())
    .addColumn('attempts', 'integer', required)
    .addColumn('window_ends_at', timestamp, required)
    .execute();
  // Expired rows are pruned by their window's end.
  await createIndexes(db, 'throttle_counters', { throttle_counters_window_index: ['window_ends_at'] });
  await db.schema.dropTable('login_failures').execute();
});
