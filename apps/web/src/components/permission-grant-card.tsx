import type { ApiSuccess } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { z } from 'zod';
import { apiClient } from '../lib/api-client';
import { useReplacingMutation } from '../lib/use-replacing-mutation';
import { BusyButton } from './busy-button';
import { FailureAlert } from './failure-alert';
import { SectionCard } from './section-card';
import { useContractForm } from './use-contract-form';

type Grant = { granted: boolean };

type PermissionGrantCardProps = {
  /** Names the card's heading and switch: `billing` -> `billing-grant-title`, `billing-granted`. */
  idPrefix: string;
  title: string;
  /** The form's accessible name ("Billing permission"). */
  formLabel: string;
  /** What the switch lets the person do. */
  switchLabel: string;
  schema: z.ZodType<Grant>;
  /** The person's permission's address: read with GET, saved with PUT, which answers it as saved. */
  path: string;
};

/**
 * The MPC's switch on a person's page for one per-person permission (billing, data requests): off until
 * the MPC turns it on, saved on its own, the server's refusal shown in the card.
 */
export function PermissionGrantCard({
  idPrefix,
  title,
  formLabel,
  switchLabel,
  schema,
  path,
}: PermissionGrantCardProps) {
  const queryKey = ['permission-grant', path];
  const grant = useQuery({
    queryKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<Grant>>(path)).data.data,
  });
  const save = useReplacingMutation(
    async (body: Grant) => (await apiClient.put<ApiSuccess<Grant>>(path, body)).data,
    queryKey,
  );
  const form = useContractForm<Grant>({ schema, defaultValues: { granted: false } });
  const { reset, register, feedback } = form;
  useEffect(() => {
    if (grant.data) reset(grant.data);
  }, [grant.data, reset]);
  return (
    <SectionCard id={`${idPrefix}-grant-title`} title={title} className="mt-3">
      <Card.Body>
        <FailureAlert of={grant} />
        {feedback.alerts}
        <Form noValidate onSubmit={form.submit((body) => save.mutateAsync(body))} aria-label={formLabel}>
          <Form.Check type="switch" id={`${idPrefix}-granted`} label={switchLabel} {...register('granted')} />
          <BusyButton className="mt-3" type="submit" busy={form.isSubmitting} busyLabel="Saving">
            Save
          </BusyButton>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}
