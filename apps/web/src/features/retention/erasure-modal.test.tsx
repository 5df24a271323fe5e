import { type ErasurePlan, RETENTION_MESSAGES, RETENTION_PATHS } from '@portal/contract/retention';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ErasureModal } from './erasure-modal';

const PLAN: ErasurePlan = {
  client_id: 7,
  on_legal_hold: false,
  erased_at: null,
  removed: [
    { kind: 'contact_details', label: 'Name, contact details and address', count: null },
    { kind: 'open_work', label: 'Open and cancelled work items', count: 2 },
    { kind: 'files', label: 'Files whose periods have ended', count: 0 },
  ],
  held: [
    {
      record_class: 'gst_records',
      label: 'GST records',
      financial_year: '2026-27',
      held_until: '2033-12-31',
      work_items: 1,
      invoices: 2,
      receipts: 0,
      files: 3,
    },
  ],
};

function showErasure(plan: ErasurePlan, rightsRequestId: number | null = null) {
  const api = fakeApi().on('GET', RETENTION_PATHS.erasure(7), ok(plan));
  const { user } = renderScreen(
    <ErasureModal clientId={7} clientName="Meera Iyer" show rightsRequestId={rightsRequestId} onClose={() => {}} />,
  );
  return { api, user };
}

describe('ErasureModal', () => {
  it('shows what goes now and what is kept until when (dd/mm/yyyy), and sends the typed name with the request', async () => {
    const { api, user } = showErasure(PLAN, 41);
    const kept = await screen.findByRole('table', { name: 'Records kept until their period ends' });
    expect(within(kept).getByRole('row', { name: /GST records/ })).toHaveTextContent('31/12/2033');
    expect(within(kept).getByRole('row', { name: /GST records/ })).toHaveTextContent('1 filings, 2 invoices, 3 files');
    expect(screen.getByText('Open and cancelled work items (2)')).toBeInTheDocument();
    // Nothing of a kind with none to remove is listed.
    expect(screen.queryByText(/Files whose periods have ended/)).toBeNull();
    api.on(
      'POST',
      RETENTION_PATHS.erasure(7),
      refused(422, 'The given data was invalid.', { confirm_name: [RETENTION_MESSAGES.confirmNameWrong] }),
    );
    const name = screen.getByLabelText(/Type the client's name/);
    await screen.findByRole('button', { name: 'Erase personal data' });
    await user.type(name, 'Meera');
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(RETENTION_MESSAGES.confirmNameWrong));
    await waitFor(() =>
      expect(api.sentTo('POST', RETENTION_PATHS.erasure(7))[0]?.body).toEqual({
        confirm_name: 'Meera',
        rights_request_id: 41,
      }),
    );
  });

  it('offers no erasure for a client on legal hold', async () => {
    showErasure({ ...PLAN, on_legal_hold: true });
    expect(
      await screen.findByText('This client is on legal hold: release the hold before erasing.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Type the client's name/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });
});
