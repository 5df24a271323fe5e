import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { choosePageNumbers, describeRows, Pager } from './pager';

describe('choosePageNumbers', () => {
  it('numbers every page of a short list', () => {
    expect(choosePageNumbers(1, 1)).toEqual([1]);
    expect(choosePageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last, two either side of the current, and a gap for the rest', () => {
    expect(choosePageNumbers(1, 13)).toEqual([1, 2, 3, null, 13]);
    expect(choosePageNumbers(7, 13)).toEqual([1, null, 5, 6, 7, 8, 9, null, 13]);
    expect(choosePageNumbers(13, 13)).toEqual([1, null, 11, 12, 13]);
    // A gap of one page is that page, not an ellipsis.
    expect(choosePageNumbers(5, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 13]);
  });
});

describe('describeRows', () => {
  it('says which rows of how many', () => {
    expect(describeRows(1, 25, 312)).toBe('1–25 of 312');
    expect(describeRows(13, 25, 312)).toBe('301–312 of 312');
    expect(describeRows(1, 25, 0)).toBe('No rows');
  });

  it('says "more than" the count of a search that stopped counting at its cap', () => {
    expect(describeRows(2, 20, 1000, true)).toBe('21–40 of more than 1,000; narrow the search to see the rest');
  });
});

describe('Pager with a total', () => {
  it('shows the rows and numbered pages; the current one is marked, the others go there by keyboard', async () => {
    const onChange = vi.fn();
    render(<Pager page={7} lastPage={13} onChange={onChange} label="Work pages" total={312} perPage={25} />);
    const pager = screen.getByRole('navigation', { name: 'Work pages' });
    expect(pager).toHaveTextContent('151–175 of 312');
    expect(screen.getByLabelText('Page 7')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
    expect(screen.getAllByText('More')).toHaveLength(2);
    screen.getByRole('button', { name: 'Page 13' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(13);
  });
});
