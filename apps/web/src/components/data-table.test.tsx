import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN, DataTable } from './data-table';

describe('DataTable columns', () => {
  it('takes a plain header as its text, a column with its class, and the actions column named for screen readers', () => {
    render(
      <DataTable
        ariaLabel="Invoices"
        columns={['Invoice', { header: 'Total', className: 'text-end' }, ACTIONS_COLUMN]}
        rows={[{ id: 1 }]}
        loading={false}
        loadingLabel="Loading invoices"
        renderRow={(row) => (
          <tr key={row.id}>
            <td>INV-1</td>
            <td>₹100.00</td>
            <td />
          </tr>
        )}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Invoice', 'Total', 'Actions']);
    expect(headers[1]).toHaveClass('text-end');
    expect(headers[2]?.firstElementChild).toHaveClass('visually-hidden');
  });
});
