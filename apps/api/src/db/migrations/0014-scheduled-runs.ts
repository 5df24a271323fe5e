import { defineMigration } from '../migration-helpers.js';
import { createIndexes, required } from './table-parts.js';

/**
 * One row per task that only one process may run at a time (modules/scheduled-work, docs/decisions/0015):
 * when it is due next and which process holds it until when. A process claims a due run with one
 * conditional UPDATE, so two processes on one database never both run it.
 */
export const createScheduledRunsMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('next_run_at', timestamp, required)
    .addColumn('locked_by', 'varchar(200)')
    .addColumn('locked_until', timestamp)
    .execute();
  // The ended-sessions task looks for sessions unused for a week; without this it reads every session.
  await createIndexes(db, 'access_tokens', { access_tokens_last_used_index: ['last_used_at'] });
});
