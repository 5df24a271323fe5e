import { type BillingGrant, billingGrantSchema } from '@portal/contract/billing';
import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { useBillingGrant, useSaveBillingGrant } from './billing-api';

/**
 * The MPC's switch on a PC's or executor's page: whether the person may see and bill the firm's clients
 * (off until the MPC turns it on; the firm's billing profile stays the MPC's either way).
 */
export function BillingGrantCard({ userId }: { userId: number }) {
  const grant = useBillingGrant(userId);
  const save = useSaveBillingGrant(userId);
  const form = useContractForm<BillingGrant>({ schema: billingGrantSchema, defaultValues: { granted: false } });
  const { reset, register, feedback } = form;
  useEffect(() => {
    if (grant.data) reset(grant.data);
  }, [grant.data, reset]);
  return (
    <SectionCard id="billing-grant-title" title="Billing" className="mt-3">
      <Card.Body>
        <FailureAlert of={grant} />
        {feedback.alerts}
        <Form noValidate onSubmit={form.submit((body) => save.mutateAsync(body))} aria-label="Billing permission">
          <Form.Check
            type="switch"
            id="billing-granted"
            label="May bill the firm's clients: fees, invoices and receipts"
            {...register('granted')}
          />
          <BusyButton className="mt-3" type="submit" busy={form.isSubmitting} busyLabel="Saving">
            Save
          </BusyButton>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}
