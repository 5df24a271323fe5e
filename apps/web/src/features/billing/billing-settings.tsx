import { CompleteWhenBilledSetting, InvoiceReminderSetting } from './billing-firm-settings';
import { BillingLogoCard } from './billing-logo-card';
import { BillingProfileForm } from './billing-profile-form';

/** Billing's Settings (the MPC's): the profile invoices name, the logo they carry, and billing's firm settings. */
export function BillingSettings() {
  return (
    <>
      <BillingProfileForm />
      <BillingLogoCard />
      <CompleteWhenBilledSetting />
      <InvoiceReminderSetting />
    </>
  );
}
