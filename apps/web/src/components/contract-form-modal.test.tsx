import { screen, waitFor } from '@testing-library/react';
import Form from 'react-bootstrap/Form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderScreen } from '../test/render-screen';
import { ContractFormModal } from './contract-form-modal';
import { LabelledField } from './labelled-field';
import { useContractForm } from './use-contract-form';

const schema = z.object({ reason: z.string().min(1, 'Enter the reason.') });
type Values = { reason: string };

function ReasonDialog(props: {
  send: (body: Values) => Promise<{ message: string }>;
  onSaved: (answer: { message: string }) => void;
  onClose: () => void;
}) {
  const form = useContractForm<Values, Values>({ schema, defaultValues: { reason: '' } });
  return (
    <ContractFormModal
      form={form}
      resetTo={{ reason: '' }}
      show
      onClose={props.onClose}
      titleId="reason-title"
      title="Give a reason"
      send={props.send}
      onSaved={props.onSaved}
      submitLabel="Send"
    >
      <LabelledField controlId="reason" label="Reason" error={form.errors.reason?.message}>
        <Form.Control {...form.register('reason')} />
      </LabelledField>
    </ContractFormModal>
  );
}

describe('ContractFormModal', () => {
  it('names the dialog by its title, sends the checked body, then tells the answer and closes', async () => {
    const send = vi.fn(async () => ({ message: 'Sent.' }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderScreen(<ReasonDialog send={send} onSaved={onSaved} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Give a reason' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter the reason.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), 'Duplicate');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ reason: 'Duplicate' });
    expect(onSaved).toHaveBeenCalledWith({ message: 'Sent.' });
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('puts the form back when closed without saving', async () => {
    const onClose = vi.fn();
    const { user } = renderScreen(<ReasonDialog send={vi.fn()} onSaved={vi.fn()} onClose={onClose} />);
    await user.type(screen.getByLabelText('Reason'), 'Half typed');
    await user.click(screen.getByText('Close', { selector: 'button' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Reason')).toHaveValue('');
    expect(screen.queryByText('Sent.')).not.toBeInTheDocument();
  });
});
