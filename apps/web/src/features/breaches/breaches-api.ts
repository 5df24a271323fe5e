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
import { apiClient } from '../../lib/api-client';
import { recordQuery } from '../../lib/record-query';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const BREACHES = ['breaches'] as const;
const entryKey = (id: number) => [...BREACHES, 'entry', id] as const;

/** The caller's register, newest entry first, a page at a time ("Show more"). */
export function useBreachRegister() {
  return useCursorPages<BreachPage<BreachSummary>>({
    queryKey: [...BREACHES, 'list'],
    path: BREACH_PATHS.list,
    params: { limit: 20 },
    cursor: 'before',
    next: (last) => last.next,
  });
}

/** One entry with its people, history and deadline. */
export function breachQuery(id: number) {
  return recordQuery<BreachEntry>(entryKey(id), id, BREACH_PATHS.entry(id));
}

/** An entry's notices in the order they were made, a page at a time. */
export function useBreachNotices(id: number) {
  return useCursorPages<BreachPage<BreachNotice>>({
    queryKey: [...entryKey(id), 'notices'],
    path: BREACH_PATHS.notices(id),
    params: { limit: 50 },
    cursor: 'after',
    next: (last) => last.next,
  });
}

/** Every change reads the register and the entry again (its deadline, history and notices). */
function useBreachChange<Input, Answer>(send: (input: Input) => Promise<ApiSuccess<Answer>>) {
  return useRefreshingMutation(send, BREACHES);
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
