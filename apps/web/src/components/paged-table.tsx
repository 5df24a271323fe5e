import { DataTable, type DataTableProps } from './data-table';
import { type NextPages, ShowMoreButton } from './show-more-button';

/** A list read page by page: a TanStack infinite query whose pages each carry their rows in `data`. */
export type PagedList<T> = NextPages & {
  data?: { pages: { data: T[] }[] };
  isPending: boolean;
};

/** The rows of every page read so far; undefined while the first is loading. */
export const readPagedRows = <T,>(list: PagedList<T>): T[] | undefined => list.data?.pages.flatMap((page) => page.data);

type PagedTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading'> & { list: PagedList<T> };

/**
 * A list read page by page as the one table, its rows stacking on a phone unless `layout` says otherwise,
 * with "Show more" under it while pages are left (registers, invoices, requests, breaches).
 */
export function PagedTable<T>({ list, layout = 'rows', ...table }: PagedTableProps<T>) {
  return (
    <>
      <DataTable layout={layout} rows={readPagedRows(list)} loading={list.isPending} {...table} />
      <ShowMoreButton pages={list} />
    </>
  );
}
