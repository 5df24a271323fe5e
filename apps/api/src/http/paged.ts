import type { Paged } from '@portal/contract/envelope';
import { countPages, type PageQuery } from '@portal/contract/paging';

/** Pages in the database: one count and one LIMIT/OFFSET read, never the whole table. */
export async function readPage<Row, Item>(
  query: PageQuery,
  count: () => Promise<number>,
  fetchRows: (offset: number, limit: number) => Promise<Row[]>,
  present: (row: Row) => Item,
): Promise<Paged<Item>> {
  const offset = (query.page - 1) * query.limit;
  const [total, rows] = await Promise.all([count(), fetchRows(offset, query.limit)]);
  return {
    current_page: query.page,
    last_page: countPages(total, query.limit),
    per_page: query.limit,
    total,
    data: rows.map(present),
  };
}
