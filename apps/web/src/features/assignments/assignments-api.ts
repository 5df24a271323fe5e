import { ASSIGNMENT_PATHS, type ServiceAssignment } from '@portal/contract/assignments';
import type { ApiSuccess } from '@portal/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { userDetailQuery } from '../../lib/queries/user-detail';
import { userOptionsQuery } from '../../lib/queries/user-options';

export function useClient(clientId: number) {
  return useQuery(userDetailQuery(clientId));
}

export function useAssignments(clientId: number) {
  return useQuery({
    enabled: Number.isInteger(clientId) && clientId > 0,
    queryKey: ['assignments', clientId],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<ServiceAssignment[]>>(ASSIGNMENT_PATHS.assignments(clientId))).data.data,
  });
}

export function useStaffOptions(role: 'pc' | 'executor') {
  return useQuery(userOptionsQuery(role));
}

type AssignmentCall =
  | { kind: 'type'; body: { client_id: number; assign_service_type: boolean } }
  | { kind: 'pc'; body: { client_id: number; service_id: number; pc_id: number | null } }
  | { kind: 'executor'; body: { client_id: number; service_id: number; executor_id: number | null } }
  | { kind: 'mpc'; body: { client_id: number; service_id: number; mpc_username: string } };

const PATH_OF = {
  type: ASSIGNMENT_PATHS.updateType,
  pc: ASSIGNMENT_PATHS.assignPc,
  executor: ASSIGNMENT_PATHS.assignExecutor,
  mpc: ASSIGNMENT_PATHS.assignMpc,
};

/** Every assignment change is saved at once; the page then reloads its rows. */
export function useSaveAssignment(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (call: AssignmentCall) => {
      const request = call.kind === 'type' ? apiClient.put : apiClient.post;
      return (await request<ApiSuccess<null>>(PATH_OF[call.kind], call.body)).data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['assignments', clientId] }),
        queryClient.invalidateQueries({ queryKey: userDetailQuery(clientId).queryKey }),
      ]),
  });
}
