import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type PagedList, PagedTable, readPagedRows } from './paged-table';

type Row = { id: number; name: string };

const listOf = (pages: Row[][], more: Partial<PagedList<Row>> = {}): PagedList<Row> => ({
  data: { pages: pages.map((data) => ({ data })) },
  isPending: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
  ...more,
});

const renderTable = (list: PagedList<Row>) =>
  render(
    <PagedTable
      list={list}
      ariaLabel="People"
      columns={['Name']}
      loadingLabel="Loading people"
      emptyText="Nobody yet"
      renderRow={(row) => (
        <tr key={row.id}>
          <td>{row.name}</td>
        </tr>
      )}
    />,
  );

describe('PagedTable', () => {
  it('lists the rows of every page read, stacking on a phone, and asks for the next page on "Show more"', async () => {
    const list = listOf([[{ id: 1, name: 'Asha' }], [{ id: 2, name: 'Ravi' }]], { hasNextPage: true });
    renderTable(list);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveClass('stack-table');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('shows the spinner while the first page loads, the empty text, and no "Show more" at the end', () => {
    const { rerender } = renderTable(listOf([], { data: undefined, isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading people' })).toBeInTheDocument();
    rerender(
      <PagedTable
        list={listOf([[]])}
        columns={['Name']}
        loadingLabel="Loading people"
        emptyText="Nobody yet"
        renderRow={() => null}
      />,
    );
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('reads no rows before the first page', () => {
    expect(readPagedRows(listOf([], { data: undefined }))).toBeUndefined();
    expect(readPagedRows(listOf([[{ id: 1, name: 'Asha' }], []]))).toEqual([{ id: 1, name: 'Asha' }]);
  });
});
