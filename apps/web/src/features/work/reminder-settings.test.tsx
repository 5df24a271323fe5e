import { REQUEST_PATHS } from '@portal/contract/requests';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ReminderSettings } from './reminder-settings';

describe('ReminderSettings', () => {
  it('opens on the saved number of days and saves the one typed, as a number', async () => {
    const api = fakeApi();
    const saved = { request_reminder_days: 3, checklist_before_closing: false };
    api.on('GET', REQUEST_PATHS.firmSettings, ok(saved));
    api.on('PUT', REQUEST_PATHS.firmSettings, ok({ ...saved, request_reminder_days: 5 }, 'Settings saved.'));
    const { user } = renderScreen(<ReminderSettings />);
    const days = await screen.findByLabelText('Remind clients every');
    await waitFor(() => expect(days).toHaveValue(3));
    await user.clear(days);
    await user.type(days, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)[0]?.body).toEqual({ request_reminder_days: 5 });
  });
});
