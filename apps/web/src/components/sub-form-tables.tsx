import { LISTING_EXCHANGES, PARTNER_FIELDS, type TemplateField } from '@portal/contract/client-templates';
import type { ComponentProps, ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

type Exchange = (typeof LISTING_EXCHANGES)[number];
type TableProps = Omit<ComponentProps<typeof Table>, 'children'>;

/** A table's head: the corner cell over the rows' own headers, then a column per entry. */
function ColumnHeads({ corner, columns }: { corner: ReactNode; columns: readonly { key: string; label: string }[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{corner}</th>
        {columns.map((column) => (
          <th scope="col" key={column.key}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const LISTING_ROWS = [
  { row: 'at', label: 'Listed at' },
  { row: 'since', label: 'Listed since' },
] as const;

/**
 * A listed company's exchanges: a column per exchange, a row "Listed at" and a row "Listed since". The
 * client's page shows the answers in it and the user form the fields, so both read the same way.
 */
export function ListingTable({
  cellOf,
  ...table
}: TableProps & { cellOf: (row: 'at' | 'since', exchange: Exchange) => ReactNode }) {
  return (
    <Table {...table}>
      <ColumnHeads corner={null} columns={LISTING_EXCHANGES} />
      <tbody>
        {LISTING_ROWS.map(({ row, label }) => (
          <tr key={row}>
            <th scope="row">{label}</th>
            {LISTING_EXCHANGES.map((exchange) => (
              <td key={exchange.key}>{cellOf(row, exchange)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A firm's partners: a numbered row per partner, a column per partner field (shown or typed). */
export function PartnersTable({
  count,
  cellOf,
  ...table
}: TableProps & { count: number; cellOf: (field: TemplateField, index: number) => ReactNode }) {
  return (
    <Table {...table}>
      <ColumnHeads corner="#" columns={PARTNER_FIELDS} />
      <tbody>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: partner rows are positions in the table
          <tr key={index}>
            <td>{index + 1}</td>
            {PARTNER_FIELDS.map((field) => (
              <td key={field.key}>{cellOf(field, index)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
