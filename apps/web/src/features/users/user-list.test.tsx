import { ROLE_ID } from '@portal/contract/roles';
import { SERVICE_PATHS } from '@portal/contract/services';
import type { UserPermissions } from '@portal/contract/users';
import { USER_PATHS } from '@portal/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { UserList } from './user-list';

const NONE: UserPermissions = {
  edit: false,
  disable: false,
  enable: false,
  manage_family: false,
  assign_services: false,
  files: false,
  send_reset: false,
  reset_two_factor: false,
  activity: false,
  billing: false,
  grant_billing: false,
  grant_rights: false,
  legal_hold: false,
  erase: false,
};

const client = (id: number, firstName: string, status: string, permissions: Partial<UserPermissions>) => ({
  id,
  first_name: firstName,
  last_name: 'Client',
  email: `${firstName.toLowerCase()}@example.in`,
  mobile_number: '9876543210',
  username: firstName.toLowerCase(),
  status,
  user_role: { id: ROLE_ID.client, name: 'client' },
  user_service: [{ service: { service_id: 1, service_name: 'GST Filing' } }],
  pan_number: 'ABCPE1234F',
  gst_number: null,
  client_status: { value: 1, label: 'Individual' },
  assigned_to: [],
  permissions: { ...NONE, ...permissions },
});

function showClients(rows: ReturnType<typeof client>[], highlightId: number | null = null) {
  const api = fakeApi()
    .on('GET', SERVICE_PATHS.options, ok([{ value: 1, label: 'GST Filing' }]))
    .on(
      'GET',
      USER_PATHS.listByRole(ROLE_ID.client),
      ok({
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: rows.length,
        data: rows,
        actions: { export: false, import: false },
      }),
    );
  // `role` is the signed-in role of the portal, not an ARIA role.
  const area = { role: 'mpc' as const, listRole: 'client' as const };
  const view = renderScreen(<UserList {...area} highlightId={highlightId} />, { path: '/mpc/client' });
  return { api, ...view };
}

describe('UserList columns', () => {
  it('labels every cell for the stacked cards, and marks and focuses the user just added', async () => {
    showClients([client(5, 'Asha', 'active', {}), client(6, 'Ravi', 'active', {})], 6);
    const table = await screen.findByRole('table', { name: 'Clients List' });
    const ravi = await within(table).findByRole('row', { name: /Ravi Client/ });
    expect([...ravi.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'Email',
      'Mobile number',
      'Username',
      'Nature of service',
      'PAN / GSTIN',
      'Client status',
      'Assigned to',
      'Status',
      'Action',
    ]);
    expect(within(ravi).getByText('New')).toBeInTheDocument();
    expect(within(ravi).getByText('Not assigned')).toBeInTheDocument();
    expect(ravi).toHaveAttribute('aria-current', 'true');
    expect(ravi).toHaveClass('user-row-new');
    await waitFor(() => expect(ravi).toHaveFocus());
    const asha = within(table).getByRole('row', { name: /Asha Client/ });
    expect(asha).not.toHaveAttribute('aria-current');
    expect(within(asha).queryByText('New')).not.toBeInTheDocument();
  });
});

describe('UserList row actions', () => {
  it('offers on each row only what its permissions allow', async () => {
    showClients([
      client(5, 'Asha', 'active', { files: true, assign_services: true, disable: true }),
      client(6, 'Ravi', 'active', {}),
      client(7, 'Meena', 'deactivated', { enable: true, files: true }),
    ]);
    const table = await screen.findByRole('table', { name: 'Clients List' });
    const asha = await within(table).findByRole('row', { name: /Asha Client/ });
    expect(within(asha).getByRole('link', { name: 'Details of Asha Client' })).toHaveAttribute(
      'href',
      '/mpc/client/detail/5',
    );
    expect(within(asha).getByRole('link', { name: 'Service files of Asha Client' })).toHaveAttribute(
      'href',
      '/mpc/client/file/5',
    );
    expect(within(asha).getByRole('link', { name: 'Assign services of Asha Client' })).toHaveAttribute(
      'href',
      '/mpc/client/assign-service/5',
    );
    expect(within(asha).getByRole('button', { name: 'Disable Asha Client' })).toBeInTheDocument();

    // Nothing granted: only the details, which every row the caller sees has.
    const ravi = within(table).getByRole('row', { name: /Ravi Client/ });
    expect(
      within(ravi)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Details of Ravi Client']);
    expect(within(ravi).queryByRole('button')).not.toBeInTheDocument();

    // A disabled user offers Enable, never Disable.
    const meena = within(table).getByRole('row', { name: /Meena Client/ });
    expect(within(meena).getByRole('button', { name: 'Enable Meena Client' })).toBeInTheDocument();
    expect(within(meena).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(within(meena).queryByRole('link', { name: /Assign services/ })).not.toBeInTheDocument();
  });

  it('disables a user after the question, and reads the list again', async () => {
    const { api, user } = showClients([client(5, 'Asha', 'active', { disable: true })]);
    api.on('PUT', USER_PATHS.updateStatus, ok({ user: { id: 5, status: 'deactivated' } }, 'User disabled.'));
    await user.click(await screen.findByRole('button', { name: 'Disable Asha Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable User' });
    expect(dialog).toHaveTextContent('Disable Asha Client? They will be signed out and cannot sign in.');
    const listReads = api.sentTo('GET', USER_PATHS.listByRole(ROLE_ID.client)).length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.sentTo('PUT', USER_PATHS.updateStatus).map((request) => request.body)).toEqual([
        { user_id: 5, status: 'deactivated' },
      ]),
    );
    await waitFor(() =>
      expect(api.sentTo('GET', USER_PATHS.listByRole(ROLE_ID.client)).length).toBeGreaterThan(listReads),
    );
  });
});
