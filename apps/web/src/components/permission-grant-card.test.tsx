import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi, ok } from '../test/fake-api';
import { renderScreen } from '../test/render-screen';
import { PermissionGrantCard } from './permission-grant-card';

const GRANT_PATH = '/user/7/billing-grant';

describe('PermissionGrantCard', () => {
  it('opens on the person’s permission as read, saves the switch to the same address and shows it as answered', async () => {
    const api = fakeApi()
      .on('GET', GRANT_PATH, ok({ granted: false }))
      .on('PUT', GRANT_PATH, ok({ granted: true }, 'Billing permission saved.'));
    const { user } = renderScreen(
      <PermissionGrantCard
        idPrefix="billing"
        title="Billing"
        formLabel="Billing permission"
        switchLabel="May bill the firm's clients"
        schema={z.object({ granted: z.boolean() })}
        path={GRANT_PATH}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Billing' })).toHaveAttribute('id', 'billing-grant-title');
    const toggle = screen.getByLabelText("May bill the firm's clients");
    await waitFor(() => expect(api.sentTo('GET', GRANT_PATH)).toHaveLength(1));
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Billing permission saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT', GRANT_PATH)[0]?.body).toEqual({ granted: true });
    expect(toggle).toBeChecked();
    // The answer is the saved permission: nothing is read again.
    expect(api.sentTo('GET', GRANT_PATH)).toHaveLength(1);
  });
});
