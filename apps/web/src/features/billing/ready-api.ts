import {
  BILLING_READY_PATHS,
  type BillingSummary,
  type ReadyDrafts,
  type ReadyDraftsAnswer,
  type ReadyPage,
} from '@portal/contract/billing-ready';
import { BILLING_REPORT_PATHS, type Gstr1Table, type ReportKind } from '@portal/contract/billing-reports';
import type { ApiSuccess } from '@portal/contract/envelope';
import { INVOICE_EXPORT_PATH } from '@portal/contract/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { saveDownload } from '../../lib/save-download';
import type { OnTransfer } from '../../lib/transfer-progress';
import { useCursorPages } from '../../lib/use-cursor-pages';

export type ReadyKind = 'work' | 'fees';

/** The reads drafts made from Ready to bill move: the list itself, the invoices and the figures. */
const MOVED_BY_DRAFTS = ['billing', 'invoices'];

/** Ready to bill, work items (`before` an item) or fees' periods (`after` a fee), a page at a time. */
export function useReadyList(kind: ReadyKind) {
  return useCursorPages<ReadyPage>({
    queryKey: ['billing', 'ready', kind],
    path: BILLING_READY_PATHS.ready,
    params: { kind, limit: 50 },
    cursor: kind === 'work' ? 'before' : 'after',
    next: (last) => (kind === 'work' ? last.next_before : last.next_after),
  });
}

/** One draft per client of the chosen entries; the lists and figures are read again. */
export function useCreateReadyDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReadyDrafts) =>
      (await apiClient.post<ApiSuccess<ReadyDraftsAnswer>>(BILLING_READY_PATHS.drafts, body)).data.data,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => MOVED_BY_DRAFTS.includes(String(query.queryKey[0])) }),
  });
}

/** The firm's figures: billed and collected this month and financial year, outstanding, unbilled. */
export function useBillingSummary(enabled = true) {
  return useQuery({
    queryKey: ['billing', 'summary'],
    queryFn: async () => (await apiClient.get<ApiSuccess<BillingSummary>>(BILLING_READY_PATHS.summary)).data.data,
    enabled,
    retry: false,
  });
}

/** Billed and collected by month, service or assignee between two invoice dates, as a CSV file. */
export const downloadBillingReport = (kind: ReportKind, range: { from: string; to: string }, onTransfer?: OnTransfer) =>
  saveDownload(BILLING_REPORT_PATHS.report(kind), range, `billing-${kind}.csv`, onTransfer);

/** One GSTR-1 sheet of a month or quarter, as a CSV file. */
export const downloadGstr1 = (period: string, table: Gstr1Table, onTransfer?: OnTransfer) =>
  saveDownload(BILLING_REPORT_PATHS.gstr1, { period, table }, `gstr1-${table}-${period}.csv`, onTransfer);

/** The invoice list's selection as a CSV file. */
export const downloadInvoices = (filters: object, onTransfer?: OnTransfer) =>
  saveDownload(INVOICE_EXPORT_PATH, filters, 'invoices.csv', onTransfer);
