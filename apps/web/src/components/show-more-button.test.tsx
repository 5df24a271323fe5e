import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShowMoreButton } from './show-more-button';

describe('ShowMoreButton', () => {
  it('says "Show more" and asks for the next page; nothing when there is none', async () => {
    const onMore = vi.fn();
    const { rerender } = render(
      <ShowMoreButton pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage: onMore }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledTimes(1);
    rerender(<ShowMoreButton pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: onMore }} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes its own words, centred in its block, with a named spinner while the page comes', () => {
    const { container } = render(
      <ShowMoreButton
        pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage: vi.fn() }}
        label="Load more files"
        spinnerLabel="Loading more files"
        wrapperClassName="text-center mt-3"
      />,
    );
    const button = screen.getByRole('button', { name: /Load more files/ });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Loading more files')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('text-center', 'mt-3');
  });
});
