import type { ApiSuccess } from '@portal/contract/envelope';
import {
  type CursorPage,
  type CustodyMoveInput,
  type DscCertificate,
  type DscSaveInput,
  REGISTER_PATHS,
  type RegisterSummary,
  type UdinRow,
} from '@portal/contract/registers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useCursorPages } from '../../lib/use-cursor-pages';

const REGISTERS = ['registers'] as const;
const clientKey = (clientId: number) => [...REGISTERS, 'client', clientId] as const;

export function useClientCertificates(clientId: number) {
  return useQuery({
    queryKey: clientKey(clientId),
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<DscCertificate[]>>(REGISTER_PATHS.clientDsc(clientId))).data.data,
  });
}

/** Every change of a certificate refreshes every register read (client lists, firm lists, dashboard). */
function useRegisterMutation<Input>(send: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REGISTERS }),
  });
}

export const useAddCertificate = (clientId: number) =>
  useRegisterMutation(
    async (input: DscSaveInput) =>
      (await apiClient.post<ApiSuccess<DscCertificate>>(REGISTER_PATHS.clientDsc(clientId), input)).data,
  );

export const useMoveCustody = () =>
  useRegisterMutation(
    async ({ id, body }: { id: number; body: CustodyMoveInput }) =>
      (await apiClient.post<ApiSuccess<DscCertificate>>(REGISTER_PATHS.custody(id), body)).data,
  );

export const useRemoveCertificate = () =>
  useRegisterMutation(async (id: number) => (await apiClient.delete<ApiSuccess<null>>(REGISTER_PATHS.dsc(id))).data);

/** A cursor list read page by page ("Show more"). */
function useCursorList<T>(key: string, path: string, params: Record<string, string | number>) {
  return useCursorPages<CursorPage<T>>({
    queryKey: [...REGISTERS, key, params],
    path,
    params: { ...params, limit: 20 },
    cursor: 'after',
    next: (last) => last.next,
  });
}

export const useDscRegister = (days: number | null) =>
  useCursorList<DscCertificate>('dsc', REGISTER_PATHS.dscRegister, days ? { days } : {});

export const useUdinRegister = (filter: 'all' | 'missing' | 'overdue') =>
  useCursorList<UdinRow>('udin', REGISTER_PATHS.udinRegister, { filter });

export function useRegisterSummary() {
  return useQuery({
    queryKey: [...REGISTERS, 'summary'],
    queryFn: async () => (await apiClient.get<ApiSuccess<RegisterSummary>>(REGISTER_PATHS.summary)).data.data,
  });
}
