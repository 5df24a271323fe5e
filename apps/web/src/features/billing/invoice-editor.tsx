import { type InvoiceDraft, invoiceDraftSchema } from '@portal/contract/invoices';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { EditorCard } from '../../components/editor-card';
import { FailureAlert } from '../../components/failure-alert';
import { bindFormFields } from '../../components/form-fields';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { BillableClientChooser } from './billable-client-chooser';
import { useBillingProfile } from './billing-api';
import { computeLiveSplit, type InvoiceValues, toInvoiceBody, toInvoiceValues } from './invoice-form-values';
import { InvoiceLinesFields } from './invoice-lines-fields';
import { invoiceQuery, useBillableClients, useCreateInvoice, useUpdateInvoice } from './invoices-api';
import { TaxSplit } from './tax-split';

function useInvoiceForm() {
  return useContractForm<InvoiceValues, InvoiceDraft>({
    schema: invoiceDraftSchema,
    defaultValues: toInvoiceValues(undefined),
    toBody: toInvoiceBody,
    dateFields: ['invoice_date', 'due_date'],
  });
}

/**
 * A draft invoice, new or as saved: its client, dates and lines, with the tax split worked out live by the
 * contract's arithmetic as the lines are typed (the server works out the same when it saves). Only a draft
 * is edited; an issued invoice is cancelled or credited instead.
 */
export function InvoiceEditor({ role, invoiceId }: { role: string; invoiceId?: number }) {
  useDocumentTitle(invoiceId ? 'Edit invoice' : 'New invoice');
  const navigate = useNavigate();
  const existing = useQuery(invoiceQuery(invoiceId ?? 0));
  const profile = useBillingProfile();
  const form = useInvoiceForm();
  const { register, reset, errors, control, feedback } = form;
  useEffect(() => {
    if (existing.data) reset(toInvoiceValues(existing.data));
  }, [existing.data, reset]);
  const [clientId, lines] = useWatch({ control, name: ['client_id', 'lines'] });
  const client = useBillableClients({ id: Number(clientId) }, clientId !== '');
  const split = computeLiveSplit(profile.data, client.data?.[0], lines ?? []);
  const create = useCreateInvoice();
  const update = useUpdateInvoice(invoiceId ?? 0);
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const onSubmit = form.submit(
    (body) => (invoiceId ? update.mutateAsync(body) : create.mutateAsync(body)),
    (saved) => {
      guard.release();
      navigate(`/${role}/billing/invoices/${saved.data.id}`);
    },
  );
  const field = bindFormFields(errors, 'invoice');
  const date = { inputMode: 'numeric' as const, placeholder: DATE_PLACEHOLDER };
  const back = invoiceId ? `/${role}/billing/invoices/${invoiceId}` : `/${role}/billing`;

  return (
    <EditorCard
      heading={invoiceId ? 'Edit draft invoice' : 'New invoice'}
      id="invoice-editor-title"
      title={existing.data ? `Draft for ${existing.data.client_name}` : 'Draft'}
      notices={
        <>
          <FailureAlert of={existing} />
          {profile.data === null && (
            <p className="text-danger">
              Fill in the <Link to={`/${role}/billing/settings`}>billing profile</Link> first: invoices name the firm
              from it.
            </p>
          )}
          {feedback.alerts}
        </>
      }
      formLabel="Invoice"
      onSubmit={onSubmit}
      submitLabel="Save draft"
      busy={form.isSubmitting}
      cancelTo={back}
      prompt={guard.prompt}
    >
      {!invoiceId && (
        <BillableClientChooser idPrefix="invoice" registered={form.register('client_id')} errors={form.errors} />
      )}
      <Row className="g-3 my-1">
        <Col xs={6} md={3}>
          {field('invoice_date', 'Invoice date', <Form.Control {...date} {...register('invoice_date')} />)}
        </Col>
        <Col xs={6} md={3}>
          {field('due_date', 'Due date', <Form.Control {...date} {...register('due_date')} />)}
        </Col>
      </Row>
      <InvoiceLinesFields control={control} register={register} errors={errors} />
      {field('notes', 'Notes on the invoice', <Form.Control as="textarea" rows={2} {...register('notes')} />)}
      <div className="my-3">{split && <TaxSplit amounts={split} />}</div>
    </EditorCard>
  );
}
