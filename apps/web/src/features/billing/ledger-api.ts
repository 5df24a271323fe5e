import type { ApiSuccess } from '@portal/contract/envelope';
import { AGEING_PATH, type Ageing, type Ledger, ledgerPath } from '@portal/contract/ledger';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useCursorPages } from '../../lib/use-cursor-pages';

const readLedger = async (clientId: number, params: { limit: number; after?: string }) =>
  (await apiClient.get<ApiSuccess<Ledger>>(ledgerPath(clientId), { params })).data.data;

/** A client's ledger in date order with its running balance, a page at a time by the `next_after` cursor. */
export function useClientLedger(clientId: number) {
  return useCursorPages<Ledger>({
    queryKey: ['ledger', clientId, 'entries'],
    path: ledgerPath(clientId),
    params: { limit: 50 },
    cursor: 'after',
    next: (last) => last.next_after,
  });
}

/** A client's balance and advance alone (the client's header): the ledger read with one entry. */
export function ledgerBalanceQuery(clientId: number) {
  return queryOptions({
    queryKey: ['ledger', clientId, 'balance'],
    queryFn: async () => {
      const { balance_paise, advance_paise } = await readLedger(clientId, { limit: 1 });
      return { balance_paise, advance_paise };
    },
    enabled: Number.isInteger(clientId) && clientId > 0,
  });
}

/** The firm's outstanding per client by days past due, a page of clients at a time, with the firm's totals. */
export function useAgeing() {
  return useCursorPages<Ageing>({
    queryKey: ['ageing'],
    path: AGEING_PATH,
    params: { limit: 50 },
    cursor: 'after',
    next: (last) => last.next_after,
  });
}
