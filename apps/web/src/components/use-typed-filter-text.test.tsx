import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OverdueOnlyCheck } from './overdue-only-check';
import { useTypedFilterText } from './use-typed-filter-text';

const FIELDS = {
  from: { id: 'test-from', label: 'Due from' },
  to: { id: 'test-to', label: 'Due to' },
  search: { id: 'test-search', placeholder: 'Title', lg: 4 },
};

function Filters({ applied, onApply }: { applied: { q?: string; from?: string }; onApply: (typed: unknown) => void }) {
  const { dateFields, searchField, readTyped } = useTypedFilterText(applied, FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = readTyped();
    if (typed) onApply(typed);
  };
  return (
    <form onSubmit={submit}>
      {dateFields}
      {searchField}
      <button type="submit">Filter</button>
    </form>
  );
}

describe('useTypedFilterText', () => {
  it('shows the applied filters as typed and answers what is typed, the dates as ISO', async () => {
    const onApply = vi.fn();
    render(<Filters applied={{ q: 'gst', from: '2025-04-01' }} onApply={onApply} />);
    expect(screen.getByLabelText('Due from')).toHaveValue('01/04/2025');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('gst');
    await userEvent.type(screen.getByLabelText('Due to'), '31/03/2026');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), ' return ');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onApply).toHaveBeenCalledWith({ q: 'gst return', from: '2025-04-01', to: '2026-03-31' });
  });

  it('applies nothing while a date is not one, and says so under it', async () => {
    const onApply = vi.fn();
    render(<Filters applied={{}} onApply={onApply} />);
    await userEvent.type(screen.getByLabelText('Due to'), '31/02/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Due to')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('OverdueOnlyCheck', () => {
  it('says "Overdue only" and reports each tick', async () => {
    const onCheck = vi.fn();
    render(<OverdueOnlyCheck id="overdue" checked={false} onCheck={onCheck} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    expect(onCheck).toHaveBeenCalledWith(true);
  });
});
