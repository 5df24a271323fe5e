import type { ApiSuccess, Paged } from '@portal/contract/envelope';
import {
  type DocumentRequest,
  type FirmSettings,
  type FirmSettingsInput,
  REQUEST_PATHS,
  type RequestCreateInput,
  type RequestReviewInput,
} from '@portal/contract/requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { firmSettingsKey, firmSettingsQuery } from '../../lib/queries/firm-settings';

const requestsKey = ['requests'] as const;

/** A change to a request moves its work item too: both are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsKey }),
      queryClient.invalidateQueries({ queryKey: ['work'] }),
    ]);
}

/** The caller's open requests, earliest needed first (a client's "What we need from you"). */
export function useOpenRequests(limit = 20) {
  return useQuery({
    queryKey: [...requestsKey, 'open', limit],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<Paged<DocumentRequest>>>(REQUEST_PATHS.list, { params: { limit } })).data.data,
  });
}

export function useCreateRequest(workId: number) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (body: RequestCreateInput) =>
      (await apiClient.post<ApiSuccess<DocumentRequest>>(REQUEST_PATHS.ofWork(workId), body)).data,
    onSuccess: refresh,
  });
}

export function useReviewRequestItem() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async ({ requestId, itemId, body }: { requestId: number; itemId: number; body: RequestReviewInput }) =>
      (await apiClient.put<ApiSuccess<DocumentRequest>>(REQUEST_PATHS.review(requestId, itemId), body)).data,
    onSettled: refresh,
  });
}

export function useCancelRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (requestId: number) =>
      (await apiClient.post<ApiSuccess<DocumentRequest>>(REQUEST_PATHS.cancel(requestId))).data,
    onSettled: refresh,
  });
}

/** One file against one document, as multipart (the browser sets the boundary). */
export function useUploadForRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async ({ requestId, itemId, file }: { requestId: number; itemId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await apiClient.post<ApiSuccess<DocumentRequest>>(REQUEST_PATHS.upload(requestId, itemId), form, {
          headers: { 'Content-Type': 'multipart/form-data' },
        })
      ).data;
    },
    onSettled: refresh,
  });
}

/** The firm's settings; the server answers only whoever may change them (its MPC). */
export function useFirmSettings() {
  return useQuery(firmSettingsQuery());
}

export function useSaveFirmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FirmSettingsInput) =>
      (await apiClient.put<ApiSuccess<FirmSettings>>(REQUEST_PATHS.firmSettings, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmSettingsKey }),
  });
}
