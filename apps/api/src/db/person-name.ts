import type { PersonRef } from '@portal/contract/person-ref';
import type { Nullable, SelectQueryBuilder, StringReference } from 'kysely';
import type { DB } from './schema.js';

/** How a person is joined: `left` when the row may point at no one (names null), `inner` when it always does. */
type PersonJoin = 'left' | 'inner';

/** A person's name as a query reads it through `joinPersonName(alias, …)`. */
export type PersonName<A extends string, Name = string | null> = {
  [K in `${A}_first_name` | `${A}_last_name`]: Name;
};

/**
 * The person a row points at (its actor, uploader, client…), joined by `key` as the users alias
 * `alias`, and their name read as `<alias>_first_name` and `<alias>_last_name`: the one way a query
 * shows who someone is. A left join by default, so a row whose person is unset or gone still reads,
 * with null names; `inner` where every row has one. Use with `$call`; the alias stays joined for any
 * other column of that person.
 */
export function joinPersonName<A extends string, K extends string, J extends PersonJoin = 'left'>(
  alias: A,
  key: K,
  join: J = 'left' as J,
) {
  type Person = J extends 'inner' ? DB['users'] : Nullable<DB['users']>;
  type Name = J extends 'inner' ? string : string | null;
  return <QDB extends Pick<DB, 'users'>, TB extends keyof QDB, O>(
    query: SelectQueryBuilder<QDB, TB, O> & (K extends StringReference<QDB, TB> ? unknown : never),
  ) => {
    // Kysely cannot check a join whose alias is a type parameter; the key is checked in the signature.
    const untyped = query as unknown as SelectQueryBuilder<Pick<DB, 'users'>, 'users', O>;
    const table = `users as ${alias}` as 'users';
    const id = `${alias}.id` as 'users.id';
    const by = key as unknown as 'users.id';
    const joined = join === 'inner' ? untyped.innerJoin(table, id, by) : untyped.leftJoin(table, id, by);
    return joined.select([
      `${alias}.first_name as ${alias}_first_name` as 'users.first_name',
      `${alias}.last_name as ${alias}_last_name` as 'users.last_name',
    ]) as unknown as SelectQueryBuilder<QDB & Record<A, Person>, TB | A, O & PersonName<A, Name>>;
  };
}

/** A name read through `joinPersonName` (first and last, either may be null) as one line; '' for no one. */
export const fullName = (first: string | null, last: string | null): string => `${first ?? ''} ${last ?? ''}`.trim();

/** A person a row points at, by id and name, as an answer shows it; null when the row points at no one. */
export const personRefOf = (id: number | null, first: string | null, last: string | null): PersonRef | null =>
  id === null ? null : { id, name: fullName(first, last) };
