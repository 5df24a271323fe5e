import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { SHIPPED_BEFORE } from './0071-calendar-citations.js';
import { required } from './table-parts.js';

/**
 * Open items planned before 0071 still carry the dates the calendar gave before the law moved them
 * (docs/compliance-calendar.md, "Changing the calendar of a running portal"). A migration cannot re-date
 * them itself (the due-date function and the items' history belong to modules), so it queues the rules
 * whose dates 0071 changed; the compliance module's task `redate-after-calendar-update` re-dates their
 * open items at the next start and empties the queue.
 */
export const calendarRedatesMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('compliance_rule_redates')
    .addColumn('rule_id', 'integer', (column) =>
      column.primaryKey().references('compliance_rules.id').onDelete('cascade'),
    )
    .addColumn('reason', 'text', required)
    .addColumn('queued_at', timestamp, required)
    .execute();
  const codes = Object.keys(SHIPPED_BEFORE);
  // A later calendar migration queues its rules the same way, a rule already queued taking the later time.
  await sql`insert into compliance_rule_redates (rule_id, reason, queued_at)
      select id, ${'0071-calendar-citations'}, ${new Date().toISOString()} from compliance_rules
      where code in (${sql.join(codes)})
      on conflict (rule_id) do update set reason = excluded.reason, queued_at = excluded.queued_at`.execute(db);
});
