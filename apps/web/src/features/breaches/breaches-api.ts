import {
  BREACH_PATHS,
  type BreachBoardReportInput,
  type BreachEntry,
  type BreachNotice,
  type BreachNoticesSent,
  type BreachPage,
  type BreachSaveInput,
  type BreachSummary,
} from '@portal/contract/breaches';
import type { ApiSuccess } from '@portal/contract/envelope';
import { queryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const BREACHES = ['breaches'] as const;
const entryKey = (id: number) => [...BREACHES, 'entry', id] as const;

/** The caller's register, newest entry first, a page at a time ("Show more"). */
export function useBreachRegister() {
  return useInfiniteQuery({
    queryKey: [...BREACHES, 'list'],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (
        await apiClient.get<ApiSuccess<BreachPage<BreachSummary>>>(BREACH_PATHS.list, {
          params: { limit: 20, ...(pageParam ? { before: pageParam } : {}) },
        })
      ).data.data,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** One entry with its people, history and deadline. */
export function breachQuery(id: number) {
  return queryOptions({
    queryKey: entryKey(id),
    queryFn: async () => (await apiClient.get<ApiSuccess<BreachEntry>>(BREACH_PATHS.entry(id))).data.data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** An entry's notices in the order they were made, a page at a time. */
export function useBreachNotices(id: number) {
  return useInfiniteQuery({
    queryKey: [...entryKey(id), 'notices'],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (
        await apiClient.get<ApiSuccess<BreachPage<BreachNotice>>>(BREACH_PATHS.notices(id), {
          params: { limit: 50, ...(pageParam ? { after: pageParam } : {}) },
        })
      ).data.data,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Every change reads the register and the entry again (its deadline, history and notices). */
function useBreachChange<Input, Answer>(send: (input: Input) => Promise<ApiSuccess<Answer>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BREACHES }),
  });
}

export const useRecordBreach = () =>
  useBreachChange(
    async (input: BreachSaveInput) => (await apiClient.post<ApiSuccess<BreachEntry>>(BREACH_PATHS.list, input)).data,
  );

export const useSaveBreach = (id: number) =>
  useBreachChange(
    async (input: BreachSaveInput) =>
      (await apiClient.put<ApiSuccess<BreachEntry>>(BREACH_PATHS.entry(id), input)).data,
  );

export const useReportToBoard = (id: number) =>
  useBreachChange(
    async (input: BreachBoardReportInput) =>
      (await apiClient.post<ApiSuccess<BreachEntry>>(BREACH_PATHS.boardReport(id), input)).data,
  );

export const useSendNotices = (id: number) =>
  useBreachChange(async () => (await apiClient.post<ApiSuccess<BreachNoticesSent>>(BREACH_PATHS.notices(id))).data);
