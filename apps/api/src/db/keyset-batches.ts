/**
 * Every row of a keyset-paged read, one batch at a time (an export): each batch starts after the last
 * row of the one before (`keyOf`; `from.after` for the first), and one shorter than asked is the last.
 * `from.max` caps the rows read in all. Memory stays flat however many rows there are.
 */
export async function* readKeysetBatches<Row, Key>(
  from: { size: number; max?: number; after?: Key },
  readBatch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  const max = from.max ?? Number.POSITIVE_INFINITY;
  let after = from.after;
  for (let read = 0; read < max; ) {
    const limit = Math.min(from.size, max - read);
    const rows = await readBatch(after, limit);
    if (rows.length > 0) yield rows;
    read += rows.length;
    const last = rows.at(-1);
    if (rows.length < limit || last === undefined) return;
    after = keyOf(last);
  }
}
