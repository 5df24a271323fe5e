import { BILLING_PATHS, type BillableClientOption } from '@portal/contract/billing';
import { type CreditNoteCreate, creditNotesPath } from '@portal/contract/credit-notes';
import type { ApiSuccess } from '@portal/contract/envelope';
import { INVOICE_DOCUMENT_PATHS, type InvoiceIrnInput, type InvoiceUpiQr } from '@portal/contract/invoice-documents';
import {
  INVOICE_PATHS,
  type Invoice,
  type InvoiceDraftInput,
  type InvoicePage,
  type InvoiceStatus,
} from '@portal/contract/invoices';
import { type InvoicePayment, RECEIPT_PATHS, type Receipt } from '@portal/contract/receipts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { recordQuery } from '../../lib/record-query';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useReplacingMutation } from '../../lib/use-replacing-mutation';

const INVOICES = ['invoices'] as const;
/** The reads an invoice's change may move: lists, receipts, ledgers, the ageing and the figures. */
const BILLING_READS: QueryKey[] = [['invoices'], ['receipts'], ['ledger'], ['ageing'], ['billing']];
export const invoiceKey = (id: number) => [...INVOICES, 'detail', id] as const;

/** The list's filters as the API takes them (`from`/`to` ISO invoice dates, `overdue=true`, `q` a number or name). */
export type InvoiceFilters = {
  status?: InvoiceStatus;
  client_id?: number;
  from?: string;
  to?: string;
  overdue?: 'true';
  q?: string;
};

/** The firm's invoices, newest first, a page at a time ("Show more"). */
export function useInvoiceList(filters: InvoiceFilters) {
  return useCursorPages<InvoicePage>({
    queryKey: [...INVOICES, 'list', filters],
    path: INVOICE_PATHS.list,
    params: { ...filters, limit: 25 },
    cursor: 'before',
    next: (last) => last.next_before,
  });
}

/** One invoice with its lines (the invoice page and the editor): one read, one cache. */
export function invoiceQuery(id: number) {
  return recordQuery<Invoice>(invoiceKey(id), id, INVOICE_PATHS.item(id));
}

/** A change of one invoice: its answer replaces the invoice's read, and every list is read again. */
function useInvoiceChange<Input>(send: (input: Input) => Promise<ApiSuccess<Invoice>>) {
  // An issued or cancelled invoice moves the client's balance, the ageing and the figures too.
  return useReplacingMutation(send, (invoice) => invoiceKey(invoice.id), BILLING_READS);
}

export const useCreateInvoice = () =>
  useInvoiceChange(
    async (body: InvoiceDraftInput) => (await apiClient.post<ApiSuccess<Invoice>>(INVOICE_PATHS.list, body)).data,
  );

export const useUpdateInvoice = (id: number) =>
  useInvoiceChange(
    async (body: InvoiceDraftInput) => (await apiClient.put<ApiSuccess<Invoice>>(INVOICE_PATHS.item(id), body)).data,
  );

export const useIssueInvoice = (id: number) =>
  useInvoiceChange(async () => (await apiClient.post<ApiSuccess<Invoice>>(INVOICE_PATHS.issue(id))).data);

export const useCancelInvoice = (id: number) =>
  useInvoiceChange(
    async (body: { reason: string }) =>
      (await apiClient.post<ApiSuccess<Invoice>>(INVOICE_PATHS.cancel(id), body)).data,
  );

/** The clients the caller bills whose name holds `q` (or the one with `id`), with their state and GSTIN. */
export function useBillableClients(filters: { q?: string; id?: number }, enabled = true) {
  return useQuery({
    queryKey: ['billing', 'clients', filters],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<BillableClientOption[]>>(`${BILLING_PATHS.clients}`, { params: filters })).data
        .data,
    enabled,
  });
}

/**
 * A payment or credit note on one invoice: it changes the invoice, its receipts, the client's ledger and
 * the firm's figures, so every billing read is fetched again.
 */
function useSettlement<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => Promise.all(BILLING_READS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useRecordPayment = (invoiceId: number) =>
  useSettlement(
    async (body: InvoicePayment) =>
      (await apiClient.post<ApiSuccess<Receipt>>(RECEIPT_PATHS.ofInvoice(invoiceId), body)).data,
  );

export const useIssueCreditNote = (invoiceId: number) =>
  useSettlement(
    async (body: CreditNoteCreate) =>
      (await apiClient.post<ApiSuccess<Invoice>>(creditNotesPath(invoiceId), body)).data,
  );

/** The balance due's UPI link and its QR image (the client's page and the staff's). */
export function useInvoiceUpiQr(invoiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...invoiceKey(invoiceId), 'upi-qr'],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<InvoiceUpiQr>>(INVOICE_DOCUMENT_PATHS.upiQr(invoiceId))).data.data,
    enabled,
  });
}

export const useSaveInvoiceIrn = (invoiceId: number) =>
  useInvoiceChange(
    async (body: InvoiceIrnInput) =>
      (await apiClient.put<ApiSuccess<Invoice>>(INVOICE_DOCUMENT_PATHS.irn(invoiceId), body)).data,
  );
