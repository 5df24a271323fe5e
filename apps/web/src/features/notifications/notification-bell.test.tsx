import { NOTIFICATION_PATHS, type Notification } from '@portal/contract/notifications';
import type { RoleName } from '@portal/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { notificationOf as notice } from '../../test/notifications';
import { renderScreen } from '../../test/render-screen';
import { NotificationBell } from './notification-bell';

// The bell's prop is the reader's role in the portal, not an ARIA role.
const readerOf = (role: RoleName) => ({ role });

const pageOf = (data: Notification[], unread: number) =>
  ok({ current_page: 1, last_page: 1, per_page: 8, total: data.length, data, unread });

describe('NotificationBell', () => {
  it('says how many are unread, and opening one leads to its work item and marks it read', async () => {
    const api = fakeApi()
      .on(
        'GET',
        NOTIFICATION_PATHS.list,
        pageOf([notice(1, { work_item_id: 9, text: 'GSTR-3B is yours' }), notice(2, { read: true })], 1),
      )
      .on('POST', NOTIFICATION_PATHS.read, ok({ updated: 1 }));
    const { user, router } = renderScreen(<NotificationBell {...readerOf('pc')} />, { path: '/pc/dashboard' });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const menu = screen.getByLabelText('Notifications', { selector: '.dropdown-menu' });
    const entry = within(menu).getByRole('link', { name: /GSTR-3B is yours/ });
    expect(entry).toHaveTextContent('Unread:');
    expect(entry).toHaveAttribute('href', '/pc/work/9');
    expect(within(menu).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/pc/notifications',
    );

    api.on(
      'GET',
      NOTIFICATION_PATHS.list,
      pageOf([notice(1, { work_item_id: 9, read: true }), notice(2, { read: true })], 0),
    );
    await user.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pc/work/9'));
    expect(api.sentTo('POST', NOTIFICATION_PATHS.read).map((request) => request.body)).toEqual([{ ids: [1] }]);
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
  });

  it('marks all as read, and a read one is not marked again', async () => {
    const api = fakeApi()
      .on('GET', NOTIFICATION_PATHS.list, pageOf([notice(1, {}), notice(2, { read: true, service_id: 3 })], 1))
      .on('POST', NOTIFICATION_PATHS.read, ok({ updated: 1 }));
    const { user } = renderScreen(<NotificationBell {...readerOf('client')} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: /Notice 2/ }));
    expect(api.sentTo('POST', NOTIFICATION_PATHS.read)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(api.sentTo('POST', NOTIFICATION_PATHS.read).map((request) => request.body)).toEqual([{ all: true }]),
    );
  });

  it('says when there is nothing, or when the list could not be read', async () => {
    fakeApi().on('GET', NOTIFICATION_PATHS.list, pageOf([], 0));
    const { user, unmount } = renderScreen(<NotificationBell {...readerOf('mpc')} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    unmount();

    fakeApi().on('GET', NOTIFICATION_PATHS.list, { status: 503, body: { status: 'error', message: 'Down.' } });
    const second = renderScreen(<NotificationBell {...readerOf('mpc')} />);
    await second.user.click(screen.getByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText('Notifications could not be loaded.')).toBeInTheDocument();
  });
});
