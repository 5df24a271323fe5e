import type { ApiSuccess } from '@portal/contract/envelope';
import { INVOICE_PATHS, type Invoice, type InvoicePage } from '@portal/contract/invoices';
import { RECEIPT_PATHS, type Receipt, type ReceiptCreate, type ReceiptPage } from '@portal/contract/receipts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { recordQuery } from '../../lib/record-query';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useReplacingMutation } from '../../lib/use-replacing-mutation';

const RECEIPTS = ['receipts'] as const;
export const receiptKey = (id: number) => [...RECEIPTS, 'detail', id] as const;

/** The firm's receipts, newest first, a page at a time ("Show more"). */
export function useReceiptList() {
  return useCursorPages<ReceiptPage>({
    queryKey: [...RECEIPTS, 'list'],
    path: RECEIPT_PATHS.list,
    params: { limit: 25 },
    cursor: 'before',
    next: (last) => last.next_before,
  });
}

/** One receipt with its allocations. */
export function receiptQuery(id: number) {
  return recordQuery<Receipt>(receiptKey(id), id, RECEIPT_PATHS.item(id));
}

/** Invoices that may take a payment: issued or partly paid. */
const OPEN_STATUSES = ['issued', 'partly_paid'] as const;

/**
 * A client's invoices that still owe (issued or partly paid), oldest first, each with its balance: the rows a
 * receipt is allocated to. The list filters by one status, so the two are read side by side.
 */
export function useOpenInvoices(clientId: number) {
  return useQuery({
    queryKey: ['invoices', 'list', 'open', clientId],
    enabled: Number.isInteger(clientId) && clientId > 0,
    queryFn: async (): Promise<Invoice[]> => {
      const pages = await Promise.all(
        OPEN_STATUSES.map(
          async (status) =>
            (
              await apiClient.get<ApiSuccess<InvoicePage>>(INVOICE_PATHS.list, {
                params: { client_id: clientId, status, limit: 100 },
              })
            ).data.data.data,
        ),
      );
      return pages.flat().sort((a, b) => a.invoice_date.localeCompare(b.invoice_date) || a.id - b.id);
    },
  });
}

/**
 * A change of one receipt: its answer replaces the receipt's read; the lists, the invoices it settled, the
 * ledgers and the ageing are read again.
 */
function useReceiptChange<Input>(send: (input: Input) => Promise<ApiSuccess<Receipt>>) {
  return useReplacingMutation(send, (receipt) => receiptKey(receipt.id), [
    [...RECEIPTS, 'list'],
    ['invoices'],
    ['ledger'],
    ['ageing'],
  ]);
}

export const useRecordReceipt = () =>
  useReceiptChange(
    async (body: ReceiptCreate) => (await apiClient.post<ApiSuccess<Receipt>>(RECEIPT_PATHS.list, body)).data,
  );

export const useCancelReceipt = (id: number) =>
  useReceiptChange(
    async (body: { reason: string }) =>
      (await apiClient.post<ApiSuccess<Receipt>>(RECEIPT_PATHS.cancel(id), body)).data,
  );

export const useApplyAdvance = (id: number) =>
  useReceiptChange(
    async (body: { invoice_id: number; amount_paise: number }) =>
      (await apiClient.post<ApiSuccess<Receipt>>(RECEIPT_PATHS.apply(id), body)).data,
  );
