import type { Nullable, SelectQueryBuilder, StringReference } from 'kysely';
import type { DB } from './schema.js';

/** A person's name as a query reads it through `withPersonName(alias, …)`: null when no one is linked. */
export type PersonName<A extends string> = { [K in `${A}_first_name` | `${A}_last_name`]: string | null };

/**
 * The person a row points at (its actor, uploader, reviewer…), joined by `key` as the users alias
 * `alias`, and their name read as `<alias>_first_name` and `<alias>_last_name`: the one way a query
 * shows who someone is. A left join, so a row whose person is unset or gone still reads, with null
 * names. Use with `$call`; the alias stays joined for any other column of that person.
 */
export function withPersonName<A extends string, K extends string>(alias: A, key: K) {
  return <QDB extends Pick<DB, 'users'>, TB extends keyof QDB, O>(
    query: SelectQueryBuilder<QDB, TB, O> & (K extends StringReference<QDB, TB> ? unknown : never),
  ) => {
    // Kysely cannot check a join whose alias is a type parameter; the key is checked in the signature.
    const untyped = query as unknown as SelectQueryBuilder<Pick<DB, 'users'>, 'users', O>;
    return untyped
      .leftJoin(`users as ${alias}` as 'users', `${alias}.id` as 'users.id', key as unknown as 'users.id')
      .select([
        `${alias}.first_name as ${alias}_first_name` as 'users.first_name',
        `${alias}.last_name as ${alias}_last_name` as 'users.last_name',
      ]) as unknown as SelectQueryBuilder<QDB & Record<A, Nullable<DB['users']>>, TB | A, O & PersonName<A>>;
  };
}
