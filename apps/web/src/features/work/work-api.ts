import { COMPLIANCE_PATHS } from '@portal/contract/compliance';
import type { ApiSuccess } from '@portal/contract/envelope';
import {
  WORK_PATHS,
  type WorkAssignee,
  type WorkCalendar,
  type WorkCreateInput,
  type WorkItemAnswer,
  type WorkPage,
  type WorkSummary,
  type WorkUpdateInput,
  type WorkVerifyAnswer,
  type WorkVerifyInput,
} from '@portal/contract/work';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { clientServicesQuery } from '../../lib/queries/client-services';
import { serviceOptionsQuery } from '../../lib/queries/service-options';
import { userOptionsQuery } from '../../lib/queries/user-options';
import { saveDownload } from '../../lib/save-download';
import type { OnTransfer } from '../../lib/transfer-progress';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const workKey = ['work'] as const;

/** A list's query string values (work-list-params.ts writes them from the address). */
export type WorkQuery = Record<string, string | number>;

export function useWorkList(query: WorkQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...workKey, 'list', query],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkPage>>(WORK_PATHS.list, { params: query })).data.data,
    placeholderData: keepPreviousData,
  });
}

export function useWorkItem(workId: number) {
  return useQuery({
    enabled: Number.isInteger(workId) && workId > 0,
    queryKey: [...workKey, 'item', workId],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkItemAnswer>>(WORK_PATHS.item(workId))).data.data,
  });
}

export function useWorkSummary(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...workKey, 'summary'],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkSummary>>(WORK_PATHS.summary)).data.data,
  });
}

export function useWorkAssignees(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...workKey, 'assignees'],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkAssignee[]>>(WORK_PATHS.assignees)).data.data,
    staleTime: 60_000,
  });
}

/** Who one item may be handed to: on a service another firm handed the caller, only the caller itself. */
export function useWorkItemAssignees(workId: number) {
  return useQuery({
    queryKey: [...workKey, 'assignees', workId],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkAssignee[]>>(WORK_PATHS.itemAssignees(workId))).data.data,
    staleTime: 60_000,
  });
}

/** Who an item may be sent to for review: the firm's staff but its assignee. */
export function useWorkReviewers(workId: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...workKey, 'reviewers', workId],
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkAssignee[]>>(WORK_PATHS.reviewers(workId))).data.data,
    staleTime: 60_000,
  });
}

/** The calendar's range, narrowed by client, service and assignee when chosen. */
export function useWorkCalendar(query: { from: string; to: string } & WorkQuery) {
  return useQuery({
    queryKey: [...workKey, 'calendar', query],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<WorkCalendar>>(COMPLIANCE_PATHS.calendar, { params: query })).data.data,
    placeholderData: keepPreviousData,
  });
}

/** The services catalogue for the filters (the same query the people lists use). */
export function useServiceOptions() {
  return useQuery(serviceOptionsQuery());
}

/** The clients the caller sees, for the one-off item form. */
export function useClientOptions(enabled: boolean) {
  return useQuery({ ...userOptionsQuery('client'), enabled });
}

export function useServicesOfClient(clientId: number | null) {
  return useQuery({ ...clientServicesQuery(clientId ?? 0), enabled: clientId !== null && clientId > 0 });
}

/** Every change refreshes every work query (lists, board, dashboards, calendar). */
export function useUpdateWorkItem() {
  return useRefreshingMutation(
    async ({ id, body }: { id: number; body: WorkUpdateInput }) =>
      (await apiClient.put<ApiSuccess<WorkItemAnswer>>(WORK_PATHS.item(id), body)).data,
    workKey,
    { evenOnFailure: true },
  );
}

/** Several items under review verified together, all or none (`POST /api/work/verify`). */
export function useVerifyWorkItems() {
  return useRefreshingMutation(
    async (body: WorkVerifyInput) => (await apiClient.post<ApiSuccess<WorkVerifyAnswer>>(WORK_PATHS.verify, body)).data,
    workKey,
    { evenOnFailure: true },
  );
}

export function useCreateWorkItem() {
  return useRefreshingMutation(
    async (body: WorkCreateInput) => (await apiClient.post<ApiSuccess<WorkItemAnswer>>(WORK_PATHS.list, body)).data,
    workKey,
  );
}

/** The CSV of the list's filters, fetched with the session (the bearer token) and saved by the browser. */
export async function downloadWorkCsv(query: WorkQuery, onTransfer?: OnTransfer): Promise<void> {
  const { page: _page, limit: _limit, after: _after, before: _before, ...filters } = query;
  await saveDownload(WORK_PATHS.export, filters, 'work.csv', onTransfer);
}
