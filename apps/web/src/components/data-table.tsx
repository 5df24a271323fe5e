import type { ComponentPropsWithRef, Key, ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';

/** A column declared once: its header and, row by row, its cell. */
export type DataColumn<T> = {
  header: ReactNode;
  /** The header's class (`text-end` over amounts). */
  className?: string;
  /** The cell of a row; a column without one leaves its cells to `renderRow`. */
  cell?: (row: T, index: number) => ReactNode;
  /** The cells' class, or each row's own (an overdue count in red). */
  cellClassName?: string | ((row: T) => string | undefined);
  /** The cell heads its row: bold, and on a phone the stacked row's title rather than a labelled line. */
  title?: boolean;
  /** The cell names its row (`<th scope="row">`): a client's name, the totals' "All clients". */
  rowHeader?: boolean;
  /** The cell's name where the table stacks on a phone (`data-label`): the header when it is text, or none. */
  label?: string | false;
};

/** A column given by its header alone, a column declared in full, or none (a column shown to some). */
export type ColumnEntry<T> = string | DataColumn<T> | false | null | undefined;

/** The column of a row's buttons, headed "Action"; on a phone the buttons end the block, unlabelled. */
export const ACTION_COLUMN = {
  header: 'Action',
  className: 'text-end',
  cellClassName: 'entry-actions',
  label: false,
} as const;

/** The column of a row's buttons whose header is read by screen readers alone. */
export const ACTIONS_COLUMN = {
  header: <span className="visually-hidden">Actions</span>,
  cellClassName: 'entry-actions',
} as const;

const readColumn = <T,>(column: string | DataColumn<T>): DataColumn<T> =>
  typeof column === 'string' ? { header: column } : column;

/** The label a cell carries on a phone, following `DataColumn.label`. */
const readLabel = <T,>({ label, header, title }: DataColumn<T>) =>
  label === false || title ? undefined : (label ?? (typeof header === 'string' ? header : undefined));

const readCellClass = <T,>({ title, cellClassName }: DataColumn<T>, row: T) => {
  const own = typeof cellClassName === 'function' ? cellClassName(row) : cellClassName;
  return title ? ['fw-semibold', own].filter(Boolean).join(' ') : own;
};

/** Rows keyed by their `id` unless the table says otherwise. */
const readKey = (row: unknown, index: number): Key => (row as { id?: Key } | null)?.id ?? index;

export type DataTableProps<T> = {
  /** Their cells take the rows' type, which the rows alone decide. */
  columns: ColumnEntry<NoInfer<T>>[];
  /** Undefined while loading. */
  rows: T[] | undefined;
  /** Whether the rows are still on their way; a table of rows already at hand leaves it out. */
  loading?: boolean;
  /** The spinner's accessible name ("Loading services"), for a table that loads. */
  loadingLabel?: string;
  /** The row's key, when it is not its `id`. */
  rowKey?: (row: T, index: number) => Key;
  /** The class of a row's `<tr>` (an overdue item). */
  rowClassName?: (row: T) => string | undefined;
  /** More of a row's `<tr>` (the user just added: marked current, focusable, focused by its ref). */
  rowProps?: (row: T) => ComponentPropsWithRef<'tr'>;
  /** A whole `<tr>` per row, for rows that are not one cell per column (cells carry their `data-label`). */
  renderRow?: (row: T, index: number) => ReactNode;
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
  /** The id of the heading that names the table (its card's title). */
  ariaLabelledBy?: string;
};

const LAYOUT_CLASS = { scroll: '', rows: 'stack-table', cards: 'stacked-table' } as const;

/** The one list table: its header, a spinner row while loading, "No records found" when empty (spec). */
export function DataTable<T>({
  columns: entries,
  rows,
  loading = false,
  loadingLabel,
  rowKey,
  rowClassName,
  rowProps,
  renderRow,
  emptyText = 'No records found',
  layout = 'scroll',
  compact = false,
  className = '',
  ariaLabel,
  ariaLabelledBy,
}: DataTableProps<T>) {
  const columns = entries.filter((entry): entry is string | DataColumn<T> => !!entry).map(readColumn);
  const message = (content: ReactNode, muted: boolean) => (
    <tr className="data-table-message">
      <td colSpan={columns.length} className={`text-center py-3 ${muted ? 'text-muted' : ''}`}>
        {content}
      </td>
    </tr>
  );
  // Labels name the cells only where rows stack into blocks.
  const stacks = layout !== 'scroll';
  const renderCells = (row: T, index: number) => (
    <tr key={rowKey ? rowKey(row, index) : readKey(row, index)} className={rowClassName?.(row)} {...rowProps?.(row)}>
      {columns.map((column, at) => {
        const Cell = column.rowHeader ? 'th' : 'td';
        return (
          <Cell
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the row
            key={at}
            scope={column.rowHeader ? 'row' : undefined}
            data-label={stacks ? readLabel(column) : undefined}
            className={readCellClass(column, row)}
          >
            {column.cell?.(row, index)}
          </Cell>
        );
      })}
    </tr>
  );
  return (
    <Table
      hover
      responsive={layout !== 'rows'}
      size={compact ? 'sm' : undefined}
      className={`align-middle ${LAYOUT_CLASS[layout]} ${className}`.trim()}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
    >
      <thead>
        <tr>
          {columns.map((column, index) => (
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
            : (rows ?? []).map(renderRow ?? renderCells)}
      </tbody>
    </Table>
  );
}
