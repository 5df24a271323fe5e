import {
  COMPLIANCE_PATHS,
  type ComplianceRule,
  type RuleExtensionInput,
  type RuleUpdateInput,
} from '@portal/contract/compliance';
import type { ApiSuccess } from '@portal/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { serviceOptionsQuery } from '../../lib/queries/service-options';

const rulesKey = ['compliance', 'rules'] as const;

export function useComplianceRules() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<ComplianceRule[]>>(COMPLIANCE_PATHS.rules)).data.data,
  });
}

export function useServiceOptions() {
  return useQuery(serviceOptionsQuery());
}

/** A rule's change or a new extension; the calendar (and any work shown) is read again after. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      call:
        | { kind: 'update'; id: number; body: RuleUpdateInput }
        | { kind: 'extension'; id: number; body: RuleExtensionInput },
    ) =>
      call.kind === 'update'
        ? (await apiClient.put<ApiSuccess<ComplianceRule>>(COMPLIANCE_PATHS.rule(call.id), call.body)).data
        : (await apiClient.post<ApiSuccess<ComplianceRule>>(COMPLIANCE_PATHS.extensions(call.id), call.body)).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rulesKey }),
        queryClient.invalidateQueries({ queryKey: ['work'] }),
      ]),
  });
}
