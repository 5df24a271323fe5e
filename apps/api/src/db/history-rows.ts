import type { Kysely, Selectable } from 'kysely';
import { joinPersonName, type PersonName } from './person-name.js';
import type { DB } from './schema.js';

/**
 * The history of some records (an entry's changes, a request's events, a certificate's custody moves):
 * their rows of `table`, oldest first per record, each with the name of the person who acted as
 * `<alias>_first_name` and `<alias>_last_name` (null when unset or gone).
 */
export async function listHistoryOf<T extends keyof DB & string, A extends string>(
  db: Kysely<DB>,
  table: T,
  of: { column: keyof DB[T] & string; ids: number[] },
  actor: { alias: A; column: keyof DB[T] & string },
): Promise<(Selectable<DB[T]> & PersonName<A>)[]> {
  if (of.ids.length === 0) return [];
  // Kysely cannot check the columns of a table that is a type parameter; the signature checks them.
  const history = table as 'breach_changes';
  const rows = await db
    .selectFrom(history)
    .where(`${history}.${of.column}` as 'breach_changes.breach_id', 'in', of.ids)
    .orderBy(`${history}.${of.column}` as 'breach_changes.breach_id')
    .orderBy(`${history}.id` as 'breach_changes.id')
    .selectAll(history)
    .$call(joinPersonName(actor.alias, `${history}.${actor.column}` as 'breach_changes.changed_by'))
    .execute();
  return rows as unknown as (Selectable<DB[T]> & PersonName<A>)[];
}
