import { formatRupees, formatRupeesForInput } from '@portal/contract/billing-money';
import type { Invoice } from '@portal/contract/invoices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import type { ReceiptCreate } from '@portal/contract/receipts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, get, type UseFormReturn } from 'react-hook-form';
import { ACTIONS_COLUMN, DataTable } from '../../components/data-table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import type { ReceiptValues } from './receipt-form-values';

type AllocationsProps = {
  form: UseFormReturn<ReceiptValues, unknown, ReceiptCreate>;
  errors: FieldErrors<ReceiptValues>;
  invoices: Invoice[] | undefined;
  loading: boolean;
  rows: ReceiptValues['rows'];
};

/**
 * The client's open invoices, each a row with its balance, an amount box and "Pay in full". The body
 * carries only the rows with an amount, so a row's error is read at its place among those.
 */
export function ReceiptAllocationsFields({ form, errors, invoices, loading, rows }: AllocationsProps) {
  const message = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  let allocated = -1;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Allocations to the client's open invoices</legend>
      <MessageAlert variant="danger" messages={message('allocations')} />
      <DataTable
        layout="rows"
        ariaLabel="Open invoices"
        columns={['Invoice', 'Date', { header: 'Balance', className: 'text-end' }, 'Amount (₹)', ACTIONS_COLUMN]}
        rows={invoices}
        loading={loading}
        loadingLabel="Loading the client's invoices"
        emptyText="No invoice of this client owes: the whole receipt is an advance"
        renderRow={(invoice, index) => {
          if ((rows[index]?.amount ?? '').trim() !== '') allocated += 1;
          const error =
            (rows[index]?.amount ?? '').trim() !== '' ? message(`allocations.${allocated}.amount_paise`) : undefined;
          const controlId = `receipt-rows-${index}-amount`;
          return (
            <tr key={invoice.id}>
              <td className="fw-semibold">{invoice.number}</td>
              <td data-label="Date">{formatIndianDate(invoice.invoice_date)}</td>
              <td data-label="Balance" className="text-sm-end">
                {formatRupees(invoice.balance_paise)}
              </td>
              <td data-label="Amount (₹)">
                <Form.Control
                  id={controlId}
                  aria-label={`Amount for ${invoice.number}`}
                  inputMode="decimal"
                  placeholder="0.00"
                  {...invalidAttributes(controlId, error)}
                  {...form.register(`rows.${index}.amount`)}
                />
                <FieldError controlId={controlId} error={error} />
              </td>
              <td className="entry-actions">
                <Button
                  variant="outline-secondary"
                  size="sm"
                  aria-label={`Pay ${invoice.number} in full`}
                  onClick={() =>
                    form.setValue(`rows.${index}.amount`, formatRupeesForInput(invoice.balance_paise), {
                      shouldDirty: true,
                    })
                  }
                >
                  Pay in full
                </Button>
              </td>
            </tr>
          );
        }}
      />
    </fieldset>
  );
}
