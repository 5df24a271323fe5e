import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderScreen } from '../test/render-screen';
import { ReasonModal } from './reason-modal';

const schema = z.object({ reason: z.string().trim().min(1, 'Say why.') });

describe('ReasonModal', () => {
  it('explains the step, asks the reason the schema checks, and sends it', async () => {
    const send = vi.fn(async () => ({ message: 'Closed.' }));
    const onClose = vi.fn();
    const { user } = renderScreen(
      <ReasonModal
        idPrefix="rights-close"
        title="Refuse or close the request"
        explanation="The client is told the reason."
        submitLabel="Refuse or close"
        schema={schema}
        send={send}
        show
        onClose={onClose}
        rows={3}
        maxLength={500}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Refuse or close the request' })).toBeInTheDocument();
    expect(screen.getByText('The client is told the reason.')).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason');
    expect(reason).toHaveAttribute('id', 'rights-close-reason');
    expect(reason).toHaveAttribute('rows', '3');
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.click(screen.getByRole('button', { name: 'Refuse or close' }));
    expect(await screen.findByText('Say why.')).toBeInTheDocument();
    await user.type(reason, 'Not a request under the Act');
    await user.click(screen.getByRole('button', { name: 'Refuse or close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ reason: 'Not a request under the Act' });
  });
});
