import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreator,
  addCreatorAndTimestamps,
  createIndexes,
  createUniqueIndexes,
  ownedByUser,
  partOf,
  required,
} from './table-parts.js';

/**
 * The breach register (issue 25, docs/decisions/0045): entries of the platform's register (`firm_id` null)
 * and of each firm's, never deleted; the people chosen as affected; each change of an entry with its text
 * before and after; and the notice to each affected person, one per entry and person (the unique index is
 * the claim two presses of "Send notices" race for; the entry counts them, so a page of the register
 * counts nothing). A notice outlives its person's account (`user_id`
 * set null): the register must still show a notice went.
 */
export const breachesMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('breaches')
    .addColumn('firm_id', 'integer')
    .addColumn('found_at', timestamp, required)
    .addColumn('description', 'varchar(4000)', required)
    .addColumn('data_kinds', 'varchar(100)', required)
    .addColumn('data_other', 'varchar(500)')
    .addColumn('affected', 'varchar(10)', required)
    .addColumn('include_staff', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('consequences', 'varchar(2000)', required)
    .addColumn('measures', 'varchar(2000)', required)
    .addColumn('advice', 'varchar(2000)', required)
    .addColumn('board_reported_on', 'varchar(10)')
    .addColumn('board_reported_by', 'integer', actedOnBy)
    .addColumn('notices_made', 'integer', (column) => column.notNull().defaultTo(0))
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createIndexes(db, 'breaches', { breaches_register_index: ['firm_id', 'id'] });
  await createTableWithId('breach_people')
    .addColumn('breach_id', 'integer', partOf('breaches'))
    .addColumn('user_id', 'integer', ownedByUser)
    .execute();
  await createUniqueIndexes(db, 'breach_people', { breach_people_unique: ['breach_id', 'user_id'] });
  await createTableWithId('breach_changes')
    .addColumn('breach_id', 'integer', partOf('breaches'))
    .addColumn('field', 'varchar(30)', required)
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('changed_by', 'integer', actedOnBy)
    .addColumn('changed_at', timestamp, required)
    .execute();
  await createIndexes(db, 'breach_changes', { breach_changes_breach_index: ['breach_id', 'id'] });
  await createTableWithId('breach_notices')
    .addColumn('breach_id', 'integer', partOf('breaches'))
    .addColumn('user_id', 'integer', actedOnBy)
    .addColumn('status', 'varchar(10)', required)
    .addColumn('mail_id', 'integer')
    .addColumn('sent_at', timestamp)
    .$call(addCreator(timestamp))
    .execute();
  await createUniqueIndexes(db, 'breach_notices', { breach_notices_person_unique: ['breach_id', 'user_id'] });
  await createIndexes(db, 'breach_notices', {
    breach_notices_breach_index: ['breach_id', 'id'],
    breach_notices_status_index: ['status', 'id'],
  });
});
