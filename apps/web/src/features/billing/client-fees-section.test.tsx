import { BILLING_PATHS, type ClientServiceFee } from '@portal/contract/billing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ClientFeesSection } from './client-fees-section';

const FEES: ClientServiceFee[] = [
  {
    service_id: 2,
    service_name: 'GST',
    sac_code: '998231',
    fee: { amount_paise: 250_000, basis: 'monthly', gst_rate_bp: 1800 },
  },
  { service_id: 3, service_name: 'Income tax', sac_code: null, fee: null },
];

function showSection() {
  const api = fakeApi().on('GET', BILLING_PATHS.fees(9), ok(FEES));
  const view = renderScreen(<ClientFeesSection clientId={9} />);
  return { api, ...view };
}

describe('ClientFeesSection', () => {
  it('shows each service’s fee in rupees and sends rupees typed with commas as paise, an empty amount as none', async () => {
    const { api, user } = showSection();
    const gst = await screen.findByRole('group', { name: /^GST/ });
    const amount = screen.getAllByLabelText('Amount (₹)');
    await waitFor(() => expect(amount[0]).toHaveValue('2500.00'));
    expect(gst).toHaveAccessibleName(/SAC 998231/);
    api.on('PUT', BILLING_PATHS.fees(9), ok(FEES, 'Fees saved.'));
    await user.clear(amount[0] as HTMLElement);
    await user.type(amount[0] as HTMLElement, '₹1,500.5');
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() => expect(api.sentTo('PUT', BILLING_PATHS.fees(9))).toHaveLength(1));
    expect(api.sentTo('PUT', BILLING_PATHS.fees(9))[0]?.body).toEqual({
      fees: [
        { service_id: 2, amount_paise: 150_050, basis: 'monthly', gst_rate_bp: 1800 },
        { service_id: 3, amount_paise: null, basis: 'per_item', gst_rate_bp: 1800 },
      ],
    });
  });

  it('refuses an amount that is not rupees before sending, and shows the server’s refusal under its field', async () => {
    const { api, user } = showSection();
    const amount = (await screen.findAllByLabelText('Amount (₹)'))[1] as HTMLElement;
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    const message = 'Enter an amount in rupees, up to two decimals, at most Rs 1,00,00,000.';
    await waitFor(() => expect(amount).toHaveAccessibleDescription(message));
    expect(api.sentTo('PUT', BILLING_PATHS.fees(9))).toHaveLength(0);

    api.on(
      'PUT',
      BILLING_PATHS.fees(9),
      refused(422, 'The given data was invalid.', { 'fees.1.service_id': ['The client does not take this service.'] }),
    );
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The client does not take this service.');
  });
});
