import { type ErasureInput, type ErasurePlan, erasureSchema } from '@portal/contract/retention';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { DataTable } from '../../components/data-table';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { MessageAlert } from '../../components/message-alert';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
import { readApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useEraseClient, useErasurePreview } from './retention-api';

type ErasureModalProps = {
  clientId: number;
  clientName: string;
  show: boolean;
  /** The erasure request this answers (opened from the request's page), if any. */
  rightsRequestId: number | null;
  onClose: () => void;
};

/** What a held group holds, counted ("3 filings, 2 invoices"); a client's identity alone otherwise. */
function describeHeld(group: ErasurePlan['held'][number]): string {
  return (
    [
      group.work_items && `${group.work_items} filings`,
      group.invoices && `${group.invoices} invoices`,
      group.receipts && `${group.receipts} receipts`,
      group.files && `${group.files} files`,
    ]
      .filter(Boolean)
      .join(', ') || 'Name and PAN'
  );
}

/** What a plan keeps: each class and year with its day and what it holds. */
function HeldTable({ plan }: { plan: ErasurePlan }) {
  if (plan.held.length === 0) return <p>No law requires keeping any of its records: everything goes now.</p>;
  return (
    <DataTable
      compact
      className="small"
      ariaLabel="Records kept until their period ends"
      rows={plan.held}
      rowKey={(group) => `${group.record_class}-${group.financial_year}`}
      columns={[
        { header: 'Records', cell: (group) => group.label },
        { header: 'Year', cell: (group) => group.financial_year ?? 'Identity' },
        { header: 'Kept until', cell: (group) => formatDate(group.held_until) },
        { header: 'What', cell: describeHeld },
      ]}
    />
  );
}

/**
 * Erasing a client's personal data (DPDP Act s.12(3), s.8(7)): the preview says what goes now and what
 * the law keeps until when; the MPC types the client's name to confirm. After it, the result stays shown.
 */
export function ErasureModal({ clientId, clientName, show, rightsRequestId, onClose }: ErasureModalProps) {
  const preview = useErasurePreview(clientId, show);
  const erase = useEraseClient(clientId);
  const [done, setDone] = useState<ErasurePlan | null>(null);
  const form = useContractForm<{ confirm_name: string }, ErasureInput>({
    schema: erasureSchema,
    defaultValues: { confirm_name: '' },
    toBody: (values) => ({ confirm_name: values.confirm_name, rights_request_id: rightsRequestId }),
  });
  useFreshFormOnOpen(show, form, { confirm_name: '' });
  const plan = done ?? preview.data;
  const blocked = !done && (plan?.on_legal_hold || plan?.erased_at);
  return (
    <FormModal
      show={show}
      onClose={onClose}
      titleId="erasure-title"
      title={done ? 'Personal data erased' : `Erase ${clientName}'s personal data`}
      onSubmit={
        done || blocked
          ? (event) => {
              event.preventDefault();
              onClose();
            }
          : form.submit(
              (body) => erase.mutateAsync(body),
              (result) => setDone(result.data),
            )
      }
      submitLabel={done || blocked ? 'Close' : 'Erase personal data'}
      submitVariant={done || blocked ? 'primary' : 'danger'}
      closeLabel="Cancel"
      busy={erase.isPending}
      busyLabel="Erasing"
    >
      {form.feedback.alerts}
      {preview.isPending && show && <Spinner animation="border" aria-label="Reading what would be erased" />}
      {preview.isError && <MessageAlert variant="danger" messages={readApiError(preview.error).message} />}
      {plan?.on_legal_hold && !done && (
        <MessageAlert variant="warning" messages="This client is on legal hold: release the hold before erasing." />
      )}
      {plan?.erased_at && !done && <MessageAlert variant="info" messages="This client's data was erased already." />}
      {plan && (
        <>
          <p className="mb-1">{done ? 'Removed:' : 'Removed at once:'}</p>
          <ul className="small">
            {plan.removed
              .filter((row) => row.count === null || row.count > 0)
              .map((row) => (
                <li key={row.kind}>
                  {row.label}
                  {row.count !== null && ` (${row.count})`}
                </li>
              ))}
          </ul>
          <p className="mb-1">
            {done ? 'Kept under a pseudonym until:' : 'Kept, under a pseudonym, until their period ends:'}
          </p>
          <HeldTable plan={plan} />
        </>
      )}
      {!done && !blocked && plan && (
        <LabelledField
          controlId="erasure-confirm-name"
          label={`Type the client's name (${clientName}) to confirm`}
          error={form.errors.confirm_name?.message}
        >
          <Form.Control autoComplete="off" {...form.register('confirm_name')} />
        </LabelledField>
      )}
      {rightsRequestId !== null && !done && (
        <p className="small text-muted mb-0">The erasure request is answered with this, and the client is mailed.</p>
      )}
    </FormModal>
  );
}
