import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type ChecklistOption, SearchChecklist } from './search-checklist';

const OPTIONS: ChecklistOption[] = [
  { value: '1', label: 'Asha Rao', alsoKnownAs: 'asha.r' },
  { value: '2', label: 'Ravi Iyer', alsoKnownAs: 'ravi' },
];

function Chooser({ error }: { error?: string }) {
  const [chosen, setChosen] = useState<string[]>(['2']);
  return (
    <SearchChecklist
      legend="People affected"
      summary={<p>{chosen.length} chosen.</p>}
      options={OPTIONS}
      chosen={chosen}
      onChange={setChosen}
      search={{ placeholder: 'Search by name', label: 'Search people affected' }}
      boxClassName="people-checklist"
      error={error}
    />
  );
}

describe('SearchChecklist', () => {
  it('ticks and unticks; the search hides what it does not find (by label or other name) and keeps choices', async () => {
    render(<Chooser />);
    expect(screen.getByRole('group', { name: 'People affected' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Asha Rao' }));
    expect(screen.getByText('2 chosen.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people affected' }), 'ASHA.R');
    expect(screen.getByRole('checkbox', { name: 'Asha Rao' }).closest('.form-check')).not.toHaveClass('d-none');
    expect(screen.getByRole('checkbox', { name: 'Ravi Iyer', hidden: true }).closest('.form-check')).toHaveClass(
      'd-none',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Asha Rao' }));
    expect(screen.getByText('1 chosen.')).toBeInTheDocument();
  });

  it('ties its error to the group and marks every box', () => {
    render(<Chooser error="Choose at least one." />);
    expect(screen.getByRole('group', { name: 'People affected' })).toHaveAccessibleDescription('Choose at least one.');
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveClass('is-invalid');
  });
});
