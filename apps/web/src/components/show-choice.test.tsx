import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShowChoice } from './show-choice';

const UDIN_LABELS = { all: 'All signed work', missing: 'UDIN missing', overdue: 'UDIN overdue' };

describe('ShowChoice', () => {
  it('offers each choice by its label, in order, and says which one was chosen', async () => {
    const onChoose = vi.fn();
    render(<ShowChoice id="udin-show" value="all" labels={UDIN_LABELS} onChoose={onChoose} />);
    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(select).toHaveValue('all');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All signed work',
      'UDIN missing',
      'UDIN overdue',
    ]);
    await userEvent.selectOptions(select, 'UDIN missing');
    expect(onChoose).toHaveBeenCalledWith('missing');
  });
});
