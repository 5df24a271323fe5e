import { BILLING_PATHS, billingGrantSchema } from '@portal/contract/billing';
import { PermissionGrantCard } from '../../components/permission-grant-card';

/**
 * The MPC's switch on a PC's or executor's page: whether the person may see and bill the firm's clients
 * (off until the MPC turns it on; the firm's billing profile stays the MPC's either way).
 */
export function BillingGrantCard({ userId }: { userId: number }) {
  return (
    <PermissionGrantCard
      idPrefix="billing"
      title="Billing"
      formLabel="Billing permission"
      switchLabel="May bill the firm's clients: fees, invoices and receipts"
      schema={billingGrantSchema}
      path={BILLING_PATHS.grant(userId)}
    />
  );
}
