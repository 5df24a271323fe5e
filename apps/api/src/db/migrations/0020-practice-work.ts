import { type Kysely, sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { readStatutoryCalendar } from '../statutory-calendar.js';
import {
  actedOnBy,
  addCreatorAndTimestamps,
  addFirmClientAndService,
  addUpdaterAndTimestamps,
  createIndexes,
  partOf,
  required,
} from './table-parts.js';

/**
 * The statutory calendar and the work planned from it (docs/compliance-calendar.md, docs/decisions/0021):
 * rules seeded from `data/compliance-rules.json`, their extensions per period, work items (one per
 * client, rule and period, or one-off), each item's history, and how far daily generation has reached.
 * Due dates are ISO date text (`yyyy-mm-dd`), the same on both dialects and ordered as text.
 */
export const createPracticeWorkMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('compliance_rules')
    .addColumn('code', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('form', 'varchar(40)', required)
    .addColumn('name', 'varchar(200)', required)
    .addColumn('authority', 'varchar(10)', required)
    .addColumn('frequency', 'varchar(10)', required)
    .addColumn('due_day', 'integer', required)
    .addColumn('months_after', 'integer', required)
    .addColumn('days_after_event', 'integer')
    .addColumn('event_name', 'varchar(20)')
    .addColumn('exceptions', 'text', required)
    .addColumn('state_days', 'text', required)
    .addColumn('source', 'varchar(500)', required)
    .addColumn('service_id', 'integer', (column) => column.references('services.id'))
    .addColumn('enabled', 'integer', required)
    // When the rule last started generating work (tied to a service while enabled): no work is
    // planned for periods due before it.
    .addColumn('active_since', timestamp)
    .$call(addUpdaterAndTimestamps(timestamp))
    .execute();
  await createIndexes(db, 'compliance_rules', { compliance_rules_service_index: ['service_id'] });

  await createTableWithId('compliance_rule_extensions')
    .addColumn('rule_id', 'integer', partOf('compliance_rules'))
    .addColumn('period', 'varchar(12)', required)
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('note', 'varchar(200)')
    .$call(addCreatorAndTimestamps(timestamp))
    .addUniqueConstraint('compliance_rule_extensions_rule_period_unique', ['rule_id', 'period'])
    .execute();

  await createTableWithId('work_items')
    // The client's firm, kept on the item so a firm's work is one index range (docs/performance.md).
    .$call(addFirmClientAndService)
    .addColumn('rule_id', 'integer', (column) => column.references('compliance_rules.id'))
    .addColumn('period', 'varchar(12)')
    .addColumn('title', 'varchar(200)', required)
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('event_date', 'varchar(10)')
    .addColumn('assignee_id', 'integer', actedOnBy)
    .addColumn('status', 'varchar(20)', required)
    // 1 while the status is one still to do: the lists of open and overdue work read it in order.
    .addColumn('is_open', 'integer', required)
    .addColumn('filed_on', 'varchar(10)')
    .addColumn('ack_number', 'varchar(50)')
    .addColumn('notes', 'varchar(2000)')
    .$call(addCreatorAndTimestamps(timestamp))
    // One item per client, rule and period however often (and wherever) generation runs.
    .addUniqueConstraint('work_items_client_rule_period_unique', ['client_id', 'rule_id', 'period'])
    .execute();
  await createIndexes(db, 'work_items', {
    work_items_firm_open_due_index: ['firm_id', 'is_open', 'due_date', 'id'],
    work_items_firm_due_index: ['firm_id', 'due_date', 'id'],
    work_items_firm_status_due_index: ['firm_id', 'status', 'due_date', 'id'],
    work_items_assignee_open_due_index: ['assignee_id', 'is_open', 'due_date', 'id'],
    work_items_client_due_index: ['client_id', 'due_date', 'id'],
    work_items_rule_period_index: ['rule_id', 'period'],
  });

  await createTableWithId('work_item_history')
    .addColumn('work_item_id', 'integer', partOf('work_items'))
    .addColumn('actor_id', 'integer', actedOnBy)
    .addColumn('field', 'varchar(30)', required)
    .addColumn('from_value', 'varchar(2000)')
    .addColumn('to_value', 'varchar(2000)')
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'work_item_history', { work_item_history_item_index: ['work_item_id', 'id'] });

  await db.schema
    .createTable('work_generation_state')
    .addColumn('name', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('generated_through', 'varchar(10)', required)
    .addColumn('updated_at', timestamp, required)
    .execute();

  await seedRules(db);
});

/** The shipped calendar, untied to any service and enabled: the admin ties each rule to a service. */
async function seedRules(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  for (const rule of readStatutoryCalendar()) {
    await sql`insert into compliance_rules (code, form, name, authority, frequency, due_day, months_after,
        days_after_event, event_name, exceptions, state_days, source, service_id, enabled, active_since,
        updated_by, created_at, updated_at)
      values (${rule.code}, ${rule.form}, ${rule.name}, ${rule.authority}, ${rule.frequency}, ${rule.due_day},
        ${rule.months_after}, ${rule.days_after_event ?? null}, ${rule.event_name ?? null},
        ${JSON.stringify(rule.exceptions)}, ${JSON.stringify(rule.state_days)}, ${rule.source}, null, 1, null,
        null, ${now}, ${now})`.execute(db);
  }
}
