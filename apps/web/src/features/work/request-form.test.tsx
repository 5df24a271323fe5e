import { REQUEST_PATHS } from '@portal/contract/requests';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { RequestForm } from './request-form';

function showForm() {
  const api = fakeApi();
  const onSaved = vi.fn();
  const view = renderScreen(<RequestForm workId={7} onSaved={onSaved} />);
  return { api, onSaved, ...view };
}

describe('RequestForm', () => {
  it('checks the list with the schema: a name for each row, each named once, a date typed dd/mm/yyyy', async () => {
    const { api, user } = showForm();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Name the document.')).toBeInTheDocument();
    expect(screen.getByLabelText('Needed by')).toHaveAccessibleDescription('Enter a date as dd/mm/yyyy.');

    await user.type(screen.getByLabelText('Document 1'), 'Sales register');
    await user.click(screen.getByRole('button', { name: 'Add another document' }));
    await user.type(screen.getByLabelText('Document 2'), 'sales register');
    await user.type(screen.getByLabelText('Needed by'), '15/12/2026');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Each document may be named only once.')).toBeInTheDocument();
    expect(api.sentTo('POST', REQUEST_PATHS.ofWork(7))).toHaveLength(0);
  });

  it('removes a row without moving the others, sends ISO dates, and starts again once sent', async () => {
    const { api, user, onSaved } = showForm();
    api.on('POST', REQUEST_PATHS.ofWork(7), ok({ id: 3 }, 'Documents requested.'));
    await user.type(screen.getByLabelText('Document 1'), 'PAN card');
    await user.click(screen.getByRole('button', { name: 'Add another document' }));
    await user.type(screen.getByLabelText('Document 2'), 'Bank statement');
    await user.click(screen.getByRole('button', { name: 'Add another document' }));
    await user.type(screen.getByLabelText('Document 3'), 'Rent receipts');
    await user.click(screen.getByRole('button', { name: 'Remove document 2' }));
    expect(screen.getByLabelText('Document 2')).toHaveValue('Rent receipts');
    await user.type(screen.getByLabelText('Needed by'), '5/1/2027');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Documents requested.'));
    expect(api.sentTo('POST', REQUEST_PATHS.ofWork(7))[0]?.body).toEqual({
      items: ['PAN card', 'Rent receipts'],
      due_date: '2027-01-05',
    });
    expect(screen.getByLabelText('Document 1')).toHaveValue('');
    expect(screen.queryByLabelText('Document 2')).not.toBeInTheDocument();
  });

  it("puts the server's refusal of one row under that row", async () => {
    const { api, user, onSaved } = showForm();
    api.on(
      'POST',
      REQUEST_PATHS.ofWork(7),
      refused(422, 'The given data was invalid.', { 'items.0': ['This document was already asked for.'] }),
    );
    await user.type(screen.getByLabelText('Document 1'), 'PAN card');
    await user.type(screen.getByLabelText('Needed by'), '05/01/2027');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Document 1')).toHaveAccessibleDescription('This document was already asked for.'),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
