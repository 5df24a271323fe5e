import { type RightsGrant, rightsGrantSchema } from '@portal/contract/rights-requests';
import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { useRightsGrant, useSaveRightsGrant } from './rights-api';

/**
 * The MPC's switch on a PC's page: whether the PC may see and answer the firm's clients' data requests
 * (off until the MPC turns it on).
 */
export function RightsGrantCard({ userId }: { userId: number }) {
  const grant = useRightsGrant(userId);
  const save = useSaveRightsGrant(userId);
  const form = useContractForm<RightsGrant>({ schema: rightsGrantSchema, defaultValues: { granted: false } });
  const { reset, register, feedback } = form;
  useEffect(() => {
    if (grant.data) reset(grant.data);
  }, [grant.data, reset]);
  return (
    <SectionCard id="rights-grant-title" title="Data requests" className="mt-3">
      <Card.Body>
        <FailureAlert of={grant} />
        {feedback.alerts}
        <Form noValidate onSubmit={form.submit((body) => save.mutateAsync(body))} aria-label="Data request permission">
          <Form.Check
            type="switch"
            id="rights-granted"
            label="May see and answer the firm's clients' data requests"
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
