import { REQUEST_PATHS } from '@portal/contract/requests';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { renderScreen } from '../test/render-screen';
import { FirmNumberSetting } from './firm-number-setting';
import { FirmSwitchSetting } from './firm-switch-setting';

const SAVED = { trash_days: 30, pmla_reporting_entity: true };

describe('FirmSwitchSetting', () => {
  it('opens on the saved value in a card named by its title and saves the switch alone', async () => {
    const api = fakeApi();
    api.on('GET', REQUEST_PATHS.firmSettings, ok(SAVED));
    api.on('PUT', REQUEST_PATHS.firmSettings, ok({ ...SAVED, pmla_reporting_entity: false }, 'Settings saved.'));
    const { user } = renderScreen(
      <FirmSwitchSetting
        id="pmla-title"
        title="PMLA"
        setting="pmla_reporting_entity"
        controlId="pmla-on"
        label="A reporting entity"
        footer={<p>Why it matters</p>}
      />,
    );
    const toggle = await screen.findByLabelText('A reporting entity');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByRole('heading', { name: 'PMLA' })).toHaveAttribute('id', 'pmla-title');
    expect(screen.getByText('Why it matters')).toBeInTheDocument();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)[0]?.body).toEqual({ pmla_reporting_entity: false });
  });
});

describe('FirmNumberSetting', () => {
  it('sets the number inside its sentence, saves it as a number and shows the refusal under the box', async () => {
    const api = fakeApi();
    api.on('GET', REQUEST_PATHS.firmSettings, ok(SAVED));
    api.on('PUT', REQUEST_PATHS.firmSettings, ok({ ...SAVED, trash_days: 7 }, 'Settings saved.'));
    const { user } = renderScreen(
      <FirmNumberSetting
        id="trash-title"
        title="Trash"
        setting="trash_days"
        controlId="trash-days"
        label="Keep for"
        after="days."
        max={365}
      />,
    );
    const days = await screen.findByLabelText('Keep for');
    await waitFor(() => expect(days).toHaveValue(30));
    expect(screen.getByText('days.')).toBeInTheDocument();
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(days).toHaveAttribute('aria-invalid', 'true'));
    expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)).toHaveLength(0);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT', REQUEST_PATHS.firmSettings)[0]?.body).toEqual({ trash_days: 7 });
  });
});
