import type { Expression, ExpressionBuilder, SqlBool, StringReference } from 'kysely';

/** One key of a keyset cursor: the column a page is ordered by and the cursor row's value of it. */
type CursorKey<DB, TB extends keyof DB> = readonly [column: StringReference<DB, TB>, value: string | number];

/**
 * Whether a row comes after the cursor row in `(first, then)` order, ascending or descending: its
 * first key beyond the cursor's, or equal and its second beyond. The condition a keyset page (the
 * rows after the last one shown) reads in the order's index, however many rows came before.
 */
export function isAfterCursor<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  direction: 'asc' | 'desc',
  [first, firstValue]: CursorKey<DB, TB>,
  [then, thenValue]: CursorKey<DB, TB>,
): Expression<SqlBool> {
  const beyond = direction === 'asc' ? '>' : '<';
  // The values are the cursor row's own, read from these columns: Kysely cannot relate them generically.
  return eb.or([
    eb(first, beyond, firstValue as never),
    eb.and([eb(first, '=', firstValue as never), eb(then, beyond, thenValue as never)]),
  ]);
}
