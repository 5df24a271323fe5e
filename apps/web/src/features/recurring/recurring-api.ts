import type { ApiSuccess } from '@portal/contract/envelope';
import {
  RECURRING_PATHS,
  type RecurringTask,
  type RecurringTaskCreateInput,
  type RecurringTaskUpdateInput,
} from '@portal/contract/recurring';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { clientServicesQuery } from '../../lib/queries/client-services';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const tasksKey = (clientId: number) => ['recurring-tasks', clientId] as const;

export function useRecurringTasks(clientId: number) {
  return useQuery({
    queryKey: tasksKey(clientId),
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<RecurringTask[]>>(RECURRING_PATHS.ofClient(clientId))).data.data,
  });
}

export function useClientServiceChoices(clientId: number, enabled: boolean) {
  return useQuery({ ...clientServicesQuery(clientId), enabled });
}

export function useAddRecurringTask(clientId: number) {
  return useRefreshingMutation(
    async (input: RecurringTaskCreateInput) =>
      (await apiClient.post<ApiSuccess<RecurringTask>>(RECURRING_PATHS.list, input)).data,
    tasksKey(clientId),
  );
}

export function useChangeRecurringTask(clientId: number) {
  return useRefreshingMutation(
    async ({ id, change }: { id: number; change: RecurringTaskUpdateInput }) =>
      (await apiClient.put<ApiSuccess<RecurringTask>>(RECURRING_PATHS.item(id), change)).data,
    tasksKey(clientId),
  );
}
