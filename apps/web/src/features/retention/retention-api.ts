import type { ApiSuccess } from '@portal/contract/envelope';
import {
  type ErasureInput,
  type ErasurePlan,
  type LegalHoldState,
  RETENTION_PATHS,
  type RecordClass,
  type RetentionClass,
  type RetentionClassSaveInput,
  type ServiceRecordClass,
  type ServiceRecordClassRow,
} from '@portal/contract/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const RETENTION = ['retention'] as const;

/** The retention schedule (the admin, and an MPC reading it). */
export function useRetentionSchedule() {
  return useQuery({
    queryKey: [...RETENTION, 'classes'],
    queryFn: async () => (await apiClient.get<ApiSuccess<RetentionClass[]>>(RETENTION_PATHS.classes)).data.data,
  });
}

export function useSaveRetentionClass() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, ...body }: RetentionClassSaveInput & { key: RecordClass }) =>
      (await apiClient.put<ApiSuccess<RetentionClass>>(RETENTION_PATHS.oneClass(key), body)).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: [...RETENTION, 'classes'] }),
  });
}

/** Each service with the class its records are kept under (the admin). */
export function useServiceClasses(enabled: boolean) {
  return useQuery({
    queryKey: [...RETENTION, 'services'],
    enabled,
    queryFn: async () => (await apiClient.get<ApiSuccess<ServiceRecordClassRow[]>>(RETENTION_PATHS.services)).data.data,
  });
}

export function useSaveServiceClass() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, record_class }: { id: number; record_class: ServiceRecordClass }) =>
      (await apiClient.put<ApiSuccess<ServiceRecordClassRow>>(RETENTION_PATHS.oneService(id), { record_class })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: [...RETENTION, 'services'] }),
  });
}

const holdKey = (clientId: number) => [...RETENTION, 'hold', clientId] as const;
const erasureKey = (clientId: number) => [...RETENTION, 'erasure', clientId] as const;

/** A client's legal hold now, and the earlier ones (its firm's MPC). */
export function useLegalHold(clientId: number) {
  return useQuery({
    queryKey: holdKey(clientId),
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<LegalHoldState>>(RETENTION_PATHS.legalHold(clientId))).data.data,
  });
}

/** Places (`reason`) or releases (`note`) the hold; the erasure preview reads it too. */
export function useChangeLegalHold(clientId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (change: { reason: string } | { note: string }) =>
      (
        await apiClient.post<ApiSuccess<LegalHoldState>>(
          'reason' in change ? RETENTION_PATHS.legalHold(clientId) : RETENTION_PATHS.releaseHold(clientId),
          change,
        )
      ).data,
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: holdKey(clientId) });
      await queries.invalidateQueries({ queryKey: erasureKey(clientId) });
    },
  });
}

/** What erasing the client now would remove and keep, read when the dialog opens. */
export function useErasurePreview(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: erasureKey(clientId),
    enabled,
    queryFn: async () => (await apiClient.get<ApiSuccess<ErasurePlan>>(RETENTION_PATHS.erasure(clientId))).data.data,
  });
}

/** Erases the client; every read about it is stale afterwards (its name, its work, its files). */
export function useEraseClient(clientId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: ErasureInput) =>
      (await apiClient.post<ApiSuccess<ErasurePlan>>(RETENTION_PATHS.erasure(clientId), body)).data,
    onSuccess: () => queries.invalidateQueries(),
  });
}
