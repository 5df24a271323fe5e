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
import { AMOUNT_COLUMN } from './amount-column';
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
  const hasAmount = (index: number) => (rows[index]?.amount ?? '').trim() !== '';
  /** A filled row's error, at its place among the filled rows the body carries. */
  const readAmountError = (index: number) =>
    hasAmount(index)
      ? message(`allocations.${rows.slice(0, index).filter((_row, at) => hasAmount(at)).length}.amount_paise`)
      : undefined;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Allocations to the client's open invoices</legend>
      <MessageAlert variant="danger" messages={message('allocations')} />
      <DataTable
        layout="rows"
        ariaLabel="Open invoices"
        columns={[
          { header: 'Invoice', cell: (invoice) => invoice.number, title: true },
          { header: 'Date', cell: (invoice) => formatIndianDate(invoice.invoice_date) },
          { header: 'Balance', ...AMOUNT_COLUMN, cell: (invoice) => formatRupees(invoice.balance_paise) },
          {
            header: 'Amount (₹)',
            cell: (invoice, index) => {
              const controlId = `receipt-rows-${index}-amount`;
              const error = readAmountError(index);
              return (
                <>
                  <Form.Control
                    id={controlId}
                    aria-label={`Amount for ${invoice.number}`}
                    inputMode="decimal"
                    placeholder="0.00"
                    {...invalidAttributes(controlId, error)}
                    {...form.register(`rows.${index}.amount`)}
                  />
                  <FieldError controlId={controlId} error={error} />
                </>
              );
            },
          },
          {
            ...ACTIONS_COLUMN,
            cell: (invoice, index) => (
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
            ),
          },
        ]}
        rows={invoices}
        loading={loading}
        loadingLabel="Loading the client's invoices"
        emptyText="No invoice of this client owes: the whole receipt is an advance"
      />
    </fieldset>
  );
}
