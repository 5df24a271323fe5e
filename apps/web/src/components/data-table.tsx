import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';

/** A column: its header, or the header with its cells' class (`text-end` for amounts). */
export type DataColumn = string | { header: ReactNode; className?: string };

/** The column of a row's buttons: its header is read by screen readers alone. */
export const ACTIONS_COLUMN: DataColumn = { header: <span className="visually-hidden">Actions</span> };

const readColumn = (column: DataColumn) => (typeof column === 'string' ? { header: column } : column);

export type DataTableProps<T> = {
  columns: DataColumn[];
  /** Undefined while loading. */
  rows: T[] | undefined;
  loading: boolean;
  /** The spinner's accessible name ("Loading services"). */
  loadingLabel: string;
  /** One `<tr>` per row (its cells carry `data-label` where the table stacks on a phone). */
  renderRow: (row: T, index: number) => ReactNode;
  emptyText?: string;
  /**
   * How the table meets a narrow screen (styles/app.css): `scroll` scrolls sideways; `rows` stacks each row
   * into a block below 576 px (`.stack-table`); `cards` turns rows into labelled cards below 1200 px,
   * for the wide user lists (`.stacked-table`).
   */
  layout?: 'scroll' | 'rows' | 'cards';
  /** The compact size of the user lists. */
  compact?: boolean;
  className?: string;
  ariaLabel?: string;
};

const LAYOUT_CLASS = { scroll: '', rows: 'stack-table', cards: 'stacked-table' } as const;

/** The one list table: its header, a spinner row while loading, "No records found" when empty (spec). */
export function DataTable<T>({
  columns,
  rows,
  loading,
  loadingLabel,
  renderRow,
  emptyText = 'No records found',
  layout = 'scroll',
  compact = false,
  className = '',
  ariaLabel,
}: DataTableProps<T>) {
  const message = (content: ReactNode, muted: boolean) => (
    <tr className="data-table-message">
      <td colSpan={columns.length} className={`text-center py-3 ${muted ? 'text-muted' : ''}`}>
        {content}
      </td>
    </tr>
  );
  return (
    <Table
      hover
      responsive={layout !== 'rows'}
      size={compact ? 'sm' : undefined}
      className={`align-middle ${LAYOUT_CLASS[layout]} ${className}`.trim()}
      aria-label={ariaLabel}
    >
      <thead>
        <tr>
          {columns.map(readColumn).map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the header
            <th scope="col" key={index} className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading
          ? message(<Spinner animation="border" size="sm" role="status" aria-label={loadingLabel} />, false)
          : (rows ?? []).length === 0
            ? message(emptyText, true)
            : (rows ?? []).map(renderRow)}
      </tbody>
    </Table>
  );
}
