import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { EditorCard } from './editor-card';

describe('EditorCard', () => {
  it('shows the form in a card named by its title, saves on submit and cancels back by a link', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderScreen(
      <EditorCard
        heading="Record a receipt"
        id="receipt-editor-title"
        title="Receipt"
        notices={<p>Saved already?</p>}
        formLabel="Receipt"
        onSubmit={onSubmit}
        submitLabel="Record the receipt"
        busy={false}
        cancelTo="/mpc/billing/receipts"
        prompt={null}
      >
        <input aria-label="Amount" />
      </EditorCard>,
    );
    expect(screen.getByRole('heading', { name: 'Record a receipt', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Receipt' })).toContainElement(
      screen.getByRole('form', { name: 'Receipt' }),
    );
    expect(screen.getByText('Saved already?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/mpc/billing/receipts');
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('keeps the save from being sent twice while it is busy', () => {
    renderScreen(
      <EditorCard
        heading="New invoice"
        id="invoice-editor-title"
        title="Draft"
        notices={null}
        formLabel="Invoice"
        onSubmit={vi.fn()}
        submitLabel="Save draft"
        busy
        cancelTo="/mpc/billing"
        prompt={null}
      >
        {null}
      </EditorCard>,
    );
    expect(screen.getByRole('button', { name: /Save draft/ })).toBeDisabled();
  });
});
