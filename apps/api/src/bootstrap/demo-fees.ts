import type { FeeBasis } from '@portal/contract/billing';

type DemoFee = { amount_paise: number; basis: FeeBasis };

/**
 * Fees by client (its email) and service: per return on GST, a monthly retainer, yearly on ITR, one-off.
 * The demo firms save them (demo-billing.ts) and their invoices bill them (demo-invoices.ts).
 */
export const DEMO_FEES: Record<string, Record<string, DemoFee>> = {
  'accounts@meena-traders.in': {
    'GST Return': { amount_paise: 1_500_00, basis: 'per_item' },
    'Income Tax Return (ITR)': { amount_paise: 8_000_00, basis: 'yearly' },
  },
  'accounts@sharma-infra.in': {
    'GST Return': { amount_paise: 6_000_00, basis: 'monthly' },
    'Income Tax Return (ITR)': { amount_paise: 25_000_00, basis: 'yearly' },
  },
  'secretary@shree-ganesh-chs.in': {
    'GST Return': { amount_paise: 1_000_00, basis: 'per_item' },
    'Income Tax Return (ITR)': { amount_paise: 5_000_00, basis: 'yearly' },
  },
  'vikram.singh@example.in': {
    'GST Return': { amount_paise: 1_200_00, basis: 'per_item' },
    'Income Tax Return (ITR)': { amount_paise: 3_500_00, basis: 'yearly' },
  },
  'finance@kaveri-textiles.in': {
    'TAN Registration': { amount_paise: 2_500_00, basis: 'monthly' },
    'PAN Application': { amount_paise: 1_000_00, basis: 'one_off' },
  },
  'trustees@iyer-welfare-trust.in': {
    'TAN Registration': { amount_paise: 750_00, basis: 'per_item' },
    'PAN Application': { amount_paise: 500_00, basis: 'one_off' },
  },
};

/** The fee a demo client is charged for a service, as the demo's invoices bill it. */
export function readDemoFee(email: string, service: string): DemoFee {
  const fee = DEMO_FEES[email]?.[service];
  if (!fee) throw new Error(`The demo client ${email} has no fee for ${service}.`);
  return fee;
}
