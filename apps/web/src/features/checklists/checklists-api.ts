import {
  CHECKLIST_PATHS,
  type ChecklistTemplate,
  type ChecklistTemplateInput,
  type ChecklistTickInput,
  type WorkChecklist,
} from '@portal/contract/checklists';
import type { ApiSuccess } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useReplacingMutation } from '../../lib/use-replacing-mutation';

const templateKey = (serviceId: number) => ['checklists', 'service', serviceId] as const;
const workKey = (workId: number) => ['checklists', 'work', workId] as const;

/** The template in force for the caller (the admin: the platform's; a firm: its own or the platform's). */
export function useServiceChecklist(serviceId: number | null) {
  return useQuery({
    queryKey: templateKey(serviceId ?? 0),
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<ChecklistTemplate>>(CHECKLIST_PATHS.template(serviceId as number))).data.data,
    enabled: serviceId !== null,
  });
}

export function useSaveServiceChecklist(serviceId: number) {
  return useReplacingMutation(
    async (body: ChecklistTemplateInput) =>
      (await apiClient.put<ApiSuccess<ChecklistTemplate>>(CHECKLIST_PATHS.template(serviceId), body)).data,
    templateKey(serviceId),
  );
}

/** A firm's MPC goes back to the platform's template. */
export function useResetServiceChecklist(serviceId: number) {
  return useReplacingMutation(
    async () => (await apiClient.delete<ApiSuccess<ChecklistTemplate>>(CHECKLIST_PATHS.template(serviceId))).data,
    templateKey(serviceId),
  );
}

/** A work item's checklist; the client is never asked (the server refuses it). */
export function useWorkChecklist(workId: number) {
  return useQuery({
    queryKey: workKey(workId),
    queryFn: async () => (await apiClient.get<ApiSuccess<WorkChecklist>>(CHECKLIST_PATHS.ofWork(workId))).data.data,
  });
}

export function useTickStep(workId: number) {
  return useReplacingMutation(
    async ({ stepId, body }: { stepId: number; body: ChecklistTickInput }) =>
      (await apiClient.put<ApiSuccess<WorkChecklist>>(CHECKLIST_PATHS.step(workId, stepId), body)).data,
    workKey(workId),
  );
}
