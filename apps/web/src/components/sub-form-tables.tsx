import { LISTING_EXCHANGES, PARTNER_FIELDS, type TemplateField } from '@portal/contract/client-templates';
import type { ComponentProps, ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

type Exchange = (typeof LISTING_EXCHANGES)[number];
type TableProps = Omit<ComponentProps<typeof Table>, 'children'>;

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
      <thead>
        <tr>
          <th scope="col" />
          {LISTING_EXCHANGES.map((exchange) => (
            <th scope="col" key={exchange.key}>
              {exchange.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Listed at</th>
          {LISTING_EXCHANGES.map((exchange) => (
            <td key={exchange.key}>{cellOf('at', exchange)}</td>
          ))}
        </tr>
        <tr>
          <th scope="row">Listed since</th>
          {LISTING_EXCHANGES.map((exchange) => (
            <td key={exchange.key}>{cellOf('since', exchange)}</td>
          ))}
        </tr>
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
      <thead>
        <tr>
          <th scope="col">#</th>
          {PARTNER_FIELDS.map((field) => (
            <th scope="col" key={field.key}>
              {field.label}
            </th>
          ))}
        </tr>
      </thead>
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
