import type { ApiSuccess, Paged } from '@portal/contract/envelope';
import { REQUEST_LINK_PATHS } from '@portal/contract/request-links';
import {
  type DocumentRequest,
  REQUEST_PATHS,
  type RequestCreateInput,
  type RequestReviewInput,
  type RequestStatus,
} from '@portal/contract/requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { FILES_QUERY_KEY } from '../../lib/queries/files';

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

export type RequestQuery = { status?: RequestStatus; client_id?: number; page?: number; limit?: number };

/**
 * A page of the caller's requests, earliest needed first: open ones unless another status is asked, of
 * one client when named (a client's "What we need from you", a client's Work tab).
 */
export function useRequestList(query: RequestQuery = {}) {
  const params = { status: 'open', limit: 20, ...query };
  return useQuery({
    queryKey: [...requestsKey, params],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<Paged<DocumentRequest>>>(REQUEST_PATHS.list, { params })).data.data,
    placeholderData: keepPreviousData,
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

/** Staff's "Send new link" / "Revoke link" of a request (issue 24): the answer is the request again. */
export function useRequestLinkAction() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async ({ requestId, action }: { requestId: number; action: 'resend' | 'revoke' }) =>
      (
        await apiClient.post<ApiSuccess<DocumentRequest>>(
          action === 'resend' ? REQUEST_LINK_PATHS.resend(requestId) : REQUEST_LINK_PATHS.revoke(requestId),
        )
      ).data,
    onSettled: refresh,
  });
}

/** One file against one document, as multipart (the browser sets the boundary). */
export function useUploadForRequest() {
  const queryClient = useQueryClient();
  const refreshRequest = useRefreshAfter();
  // The document lands in the client's files too: its Recent Files and the service's folder show it.
  const refresh = () => Promise.all([refreshRequest(), queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY })]);
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
