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

type Person = { id: number; name: string; city: string };

const PEOPLE: Person[] = [
  { id: 1, name: 'Asha', city: 'Pune' },
  { id: 2, name: 'Ravi', city: 'Surat' },
];

describe('DataTable cells', () => {
  const renderPeople = (rows: Person[] | undefined, loading = false, showCity = true) =>
    render(
      <DataTable
        ariaLabel="People"
        layout="rows"
        columns={[
          { header: 'Name', label: false, cellClassName: 'fw-semibold', cell: (person) => person.name },
          showCity && { header: 'City', cell: (person) => person.city },
          { header: 'Row', label: 'Position', cell: (_person, index) => index + 1 },
          {
            ...ACTIONS_COLUMN,
            cellClassName: 'entry-actions',
            cell: (person) => <button type="button">Edit {person.name}</button>,
          },
        ]}
        rows={rows}
        loading={loading}
        loadingLabel="Loading people"
        emptyText="Nobody yet"
      />,
    );

  it('declares each column once: its header with scope="col", and in each row its cell labelled for a phone', () => {
    renderPeople(PEOPLE);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'City', 'Row', 'Actions']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    const cells = screen.getAllByRole('row')[2]?.querySelectorAll('td') ?? [];
    expect([...cells].map((cell) => cell.textContent)).toEqual(['Ravi', 'Surat', '2', 'Edit Ravi']);
    expect(cells[0]).toHaveClass('fw-semibold');
    expect(cells[0]).not.toHaveAttribute('data-label');
    expect(cells[1]).toHaveAttribute('data-label', 'City');
    expect(cells[2]).toHaveAttribute('data-label', 'Position');
    expect(cells[3]).not.toHaveAttribute('data-label');
    expect(cells[3]).toHaveClass('entry-actions');
    expect(screen.getByRole('table', { name: 'People' })).toHaveClass('stack-table');
  });

  it('leaves out a column shown to some, and spans the spinner and the empty text across the columns', () => {
    const { rerender } = renderPeople(undefined, true, false);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Loading people' }).closest('td')).toHaveAttribute('colspan', '3');
    rerender(
      <DataTable
        columns={[{ header: 'Name', cell: (person: Person) => person.name }]}
        rows={[]}
        loading={false}
        loadingLabel="Loading people"
      />,
    );
    expect(screen.getByText('No records found')).toHaveClass('text-muted');
  });

  it('keys rows by their id unless told, and gives a row its class', () => {
    render(
      <DataTable
        columns={[{ header: 'Name', cell: (person) => person.name }]}
        rows={PEOPLE}
        rowKey={(person) => person.name}
        rowClassName={(person) => (person.city === 'Pune' ? 'work-row-overdue' : undefined)}
        loading={false}
        loadingLabel="Loading people"
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveClass('work-row-overdue');
    expect(rows[2]).not.toHaveClass('work-row-overdue');
  });
});

describe('DataTable of rows at hand', () => {
  it('is named by its heading, names each row by its row header, and gives a cell its row’s own class', () => {
    render(
      <>
        <h2 id="late-title">Late work</h2>
        <DataTable
          ariaLabelledBy="late-title"
          rows={[
            { id: 1, overdue: 0 },
            { id: 2, overdue: 3 },
          ]}
          columns={[
            { header: 'Item', rowHeader: true, cell: (row) => `Item ${row.id}` },
            {
              header: 'Overdue',
              cellClassName: (row) => (row.overdue > 0 ? 'text-danger' : undefined),
              cell: (row) => row.overdue,
            },
          ]}
        />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Late work' });
    const heads = screen.getAllByRole('rowheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Item 1', 'Item 2']);
    for (const head of heads) expect(head).toHaveAttribute('scope', 'row');
    const cells = table.querySelectorAll('tbody td');
    expect(cells[0]).not.toHaveClass('text-danger');
    expect(cells[1]).toHaveClass('text-danger');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
