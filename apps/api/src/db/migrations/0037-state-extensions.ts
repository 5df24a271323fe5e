import { defineMigration } from '../migration-helpers.js';
import { addCreatorAndTimestamps, partOf, required } from './table-parts.js';

/**
 * An extension that holds only in some states or union territories (issue 22: a notification often names
 * them, e.g. after a flood): its own rows beside the all-India ones of migration 0020, one per rule,
 * period and set of states (`states_key`: their normalised names, sorted, joined by `|`), so recording
 * the same set again replaces it and another set of the same period is kept beside it.
 */
export const createStateExtensionsMigration = defineMigration(async (_db, { timestamp, createTableWithId }) => {
  await createTableWithId('compliance_rule_state_extensions')
    .addColumn('rule_id', 'integer', partOf('compliance_rules'))
    .addColumn('period', 'varchar(12)', required)
    .addColumn('states_key', 'varchar(1000)', required)
    .addColumn('states', 'text', required)
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('note', 'varchar(200)')
    .$call(addCreatorAndTimestamps(timestamp))
    .addUniqueConstraint('compliance_rule_state_extensions_unique', ['rule_id', 'period', 'states_key'])
    .execute();
});
