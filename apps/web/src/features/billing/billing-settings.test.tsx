import { BILLING_PROFILE_PATH } from '@portal/contract/billing-profile';
import { READY_MESSAGES } from '@portal/contract/billing-ready';
import { INVOICE_DOCUMENT_PATHS } from '@portal/contract/invoice-documents';
import { type FirmSettings, REQUEST_PATHS } from '@portal/contract/requests';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { BillingSettings } from './billing-settings';

const SAVED: FirmSettings = {
  request_reminder_days: 3,
  checklist_before_closing: false,
  complete_only_when_billed: false,
  invoice_reminder_days: null,
  file_versions_kept: 10,
  request_links_enabled: true,
  trash_days: 30,
  rights_response_days: 30,
  pmla_reporting_entity: false,
};
/** The 8 bytes a PNG starts with, and one more: the server reads the type from them. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const LOGO = {
  mime_type: 'image/png',
  size_bytes: 9,
  content_base64: 'iVBORw0KGgoA',
  updated_at: '2026-11-27T00:00:00Z',
};

function showSettings() {
  const api = fakeApi()
    .on('GET', BILLING_PROFILE_PATH, ok(null))
    .on('GET', REQUEST_PATHS.firmSettings, ok(SAVED))
    .on('GET', INVOICE_DOCUMENT_PATHS.logo, refused(404, 'No logo has been uploaded.'))
    .on('PUT', INVOICE_DOCUMENT_PATHS.logo, ok(LOGO, 'Logo saved.'))
    .on('DELETE', INVOICE_DOCUMENT_PATHS.logo, ok(null, 'Logo removed.'));
  return { api, ...renderScreen(<BillingSettings />, { path: '/mpc/billing/settings' }) };
}

describe('BillingSettings', () => {
  it('uploads a PNG as base64, previews it and removes it; a file of another type is refused before sending', async () => {
    const { api, user } = showSettings();
    expect(await screen.findByText(/No logo yet/)).toBeInTheDocument();
    const input = screen.getByLabelText('Upload a logo');
    // A file picker may still hand over another type (the accept list is a hint): the screen refuses it.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(api.sentTo('PUT', INVOICE_DOCUMENT_PATHS.logo)).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File([PNG_BYTES], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'The firm’s logo' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${LOGO.content_base64}`,
    );
    expect(api.sentTo('PUT', INVOICE_DOCUMENT_PATHS.logo)[0]?.body).toEqual({ content_base64: 'iVBORw0KGgoA' });
    await user.click(screen.getByRole('button', { name: 'Remove the logo' }));
    expect(await screen.findByText('Logo removed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The firm’s logo' })).toBeNull();
  });

  it('saves "complete only when billed" and the reminder days, refusing a number of days out of range', async () => {
    const { api, user } = showSettings();
    api.on('PUT', REQUEST_PATHS.firmSettings, ok(SAVED, 'Settings saved.'));
    const completion = await screen.findByLabelText('Do not complete work until it is billed');
    await user.click(completion);
    const [saveCompletion, saveReminders] = screen.getAllByRole('button', { name: 'Save' });
    await user.click(saveCompletion as HTMLElement);
    await waitFor(() =>
      expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)[0]?.body).toEqual({ complete_only_when_billed: true }),
    );
    const days = screen.getByLabelText('Remind every');
    expect(days).toBeDisabled();
    await user.click(screen.getByLabelText('Remind clients of overdue invoices'));
    await user.type(days, '120');
    await user.click(saveReminders as HTMLElement);
    expect(await screen.findByText(READY_MESSAGES.reminderDaysInvalid)).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '7');
    await user.click(saveReminders as HTMLElement);
    await waitFor(() =>
      expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)[1]?.body).toEqual({ invoice_reminder_days: 7 }),
    );
  });
});
