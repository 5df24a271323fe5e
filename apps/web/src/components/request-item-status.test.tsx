import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestItemStatus } from './request-item-status';

describe('RequestItemStatus', () => {
  it('shows the document with its status in words, and a rejected one with its reason', () => {
    const { rerender } = render(
      <RequestItemStatus name={<h2>PAN card</h2>} item={{ status: 'pending', reason: null }} />,
    );
    expect(screen.getByRole('heading', { name: 'PAN card' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for upload')).toHaveClass('border');
    rerender(<RequestItemStatus name={<h2>PAN card</h2>} item={{ status: 'rejected', reason: 'Blurred scan' }} />);
    expect(screen.getByText('Rejected')).toHaveClass('bg-danger');
    expect(screen.getByText('Reason: Blurred scan')).toBeInTheDocument();
  });

  it('gives no reason for a document that was not rejected', () => {
    render(<RequestItemStatus name="Form 16" item={{ status: 'accepted', reason: 'old reason' }} />);
    expect(screen.getByText('Accepted')).toHaveClass('bg-success');
    expect(screen.queryByText(/Reason:/)).not.toBeInTheDocument();
  });
});
