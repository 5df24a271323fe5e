import type { ApiSuccess } from '@portal/contract/envelope';
import { AGEING_PATH, type Ageing, type Ledger, ledgerPath } from '@portal/contract/ledger';
import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const readLedger = async (clientId: number, params: { limit: number; after?: string }) =>
  (await apiClient.get<ApiSuccess<Ledger>>(ledgerPath(clientId), { params })).data.data;

/** A client's ledger in date order with its running balance, a page at a time by the `next_after` cursor. */
export function useClientLedger(clientId: number) {
  return useInfiniteQuery({
    queryKey: ['ledger', clientId, 'entries'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => readLedger(clientId, { limit: 50, ...(pageParam ? { after: pageParam } : {}) }),
    getNextPageParam: (last) => last.next_after ?? undefined,
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
  return useInfiniteQuery({
    queryKey: ['ageing'],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (
        await apiClient.get<ApiSuccess<Ageing>>(AGEING_PATH, {
          params: { limit: 50, ...(pageParam ? { after: pageParam } : {}) },
        })
      ).data.data,
    getNextPageParam: (last) => last.next_after ?? undefined,
  });
}
