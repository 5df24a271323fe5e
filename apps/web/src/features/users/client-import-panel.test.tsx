import { CLIENT_IMPORT_LIMITS, USER_CSV_MESSAGES, USER_CSV_PATHS } from '@portal/contract/user-csv';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ClientImportPanel } from './client-import-panel';

const csvOf = (text: string, name = 'clients.csv') => new File([text], name, { type: 'text/csv' });

function showPanel() {
  const api = fakeApi();
  const onImported = vi.fn();
  const view = renderScreen(<ClientImportPanel onImported={onImported} />);
  return { api, onImported, ...view };
}

describe('ClientImportPanel', () => {
  it('refuses a file over the limit before a byte is sent', async () => {
    const { api, user } = showPanel();
    const big = csvOf('x'.repeat(CLIENT_IMPORT_LIMITS.maxBytes + 1));
    await user.upload(screen.getByLabelText('CSV file'), big);
    await waitFor(() =>
      expect(screen.getByLabelText('CSV file')).toHaveAccessibleDescription(USER_CSV_MESSAGES.tooLarge),
    );
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    expect(api.sent).toHaveLength(0);
  });

  it("lists each row's errors from the dry run, and imports once a dry run is clean", async () => {
    const { api, user, onImported } = showPanel();
    api.on(
      'POST',
      USER_CSV_PATHS.check,
      ok({ rows: 2, valid: 1, problems: [{ row: 3, errors: { email: ['Enter a valid email address.'] } }] }),
    );
    await user.upload(screen.getByLabelText('CSV file'), csvOf('first_name,email\nA,a@example.in\nB,b\n'));
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 rows checked: 1 ready, 1 with errors');
    const errors = screen.getByRole('table', { name: 'Errors in the file' });
    expect(within(errors).getByRole('row', { name: /3 email Enter a valid email address\./ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    api
      .on('POST', USER_CSV_PATHS.check, ok({ rows: 2, valid: 2, problems: [] }))
      .on('POST', USER_CSV_PATHS.import, ok({ created: 2, ids: [8, 9] }, '2 clients imported.'));
    await user.upload(screen.getByLabelText('CSV file'), csvOf('first_name,email\nA,a@example.in\nB,b@example.in\n'));
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('All 2 rows are ready to import.');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith('2 clients imported.'));
  });

  it("names the row and column of an import's refusal", async () => {
    const { api, user } = showPanel();
    api.on(
      'POST',
      USER_CSV_PATHS.check,
      refused(422, 'The file has columns the import does not know.', { 'header.surname': ['Unknown column.'] }),
    );
    await user.upload(screen.getByLabelText('CSV file'), csvOf('surname\nA\n'));
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has columns the import does not know.');
    expect(screen.getByRole('row', { name: /1 surname Unknown column\./ })).toBeInTheDocument();
  });
});
