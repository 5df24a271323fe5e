import type { ApiSuccess } from '@portal/contract/envelope';
import {
  type OwnRightsPage,
  RIGHTS_PATHS,
  type RightsAnswerInput,
  type RightsAskInput,
  type RightsCloseInput,
  type RightsDownloadLink,
  type RightsKind,
  type RightsPage,
  type RightsQueueStatus,
  type RightsRequest,
} from '@portal/contract/rights-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const RIGHTS = ['rights-requests'] as const;
const PAGE = 20;

/** The client's own requests, newest first, page by page ("Show more"), with its firm's contact. */
export function useOwnRights() {
  return useCursorPages<OwnRightsPage>({
    queryKey: [...RIGHTS, 'own'],
    path: RIGHTS_PATHS.own,
    params: { limit: PAGE },
    cursor: 'before',
    next: (last) => last.next,
  });
}

export type QueueFilters = { status: RightsQueueStatus; kind: RightsKind | ''; overdue: boolean };

/** The firm's queue with its filters, page by page by cursor. */
export function useRightsQueue(filters: QueueFilters) {
  return useCursorPages<RightsPage>({
    queryKey: [...RIGHTS, 'queue', filters],
    path: RIGHTS_PATHS.queue,
    params: {
      status: filters.status,
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.overdue ? { overdue: 'true' } : {}),
      limit: PAGE,
    },
    cursor: 'after',
    next: (last) => last.next,
  });
}

export function useRightsRequest(id: number) {
  return useQuery({
    queryKey: [...RIGHTS, 'one', id],
    queryFn: async () => (await apiClient.get<ApiSuccess<RightsRequest>>(RIGHTS_PATHS.item(id))).data.data,
  });
}

/** Every change refreshes every read of requests (the client's list, the queue, the request itself). */
function useRightsMutation<Input, Answer>(send: (input: Input) => Promise<ApiSuccess<Answer>>) {
  return useRefreshingMutation(send, RIGHTS);
}

export const useAskRights = () =>
  useRightsMutation(
    async (input: RightsAskInput) => (await apiClient.post<ApiSuccess<RightsRequest>>(RIGHTS_PATHS.own, input)).data,
  );

/** A step on one request: in progress, answer, refuse or close, prepare the access download. */
export type RightsStep =
  | { step: 'progress' }
  | { step: 'download' }
  | { step: 'answer'; body: RightsAnswerInput }
  | { step: 'close'; body: RightsCloseInput };

const STEP_PATHS = {
  progress: RIGHTS_PATHS.progress,
  download: RIGHTS_PATHS.prepareDownload,
  answer: RIGHTS_PATHS.answer,
  close: RIGHTS_PATHS.close,
} as const;

export const useRightsStep = (id: number) =>
  useRightsMutation(
    async (input: RightsStep) =>
      (await apiClient.post<ApiSuccess<RightsRequest>>(STEP_PATHS[input.step](id), 'body' in input ? input.body : {}))
        .data,
  );

// The browser takes a download off the page: the list is read again once it has had time to start.
const AFTER_DOWNLOAD_MS = 2000;

/**
 * The client's one-time link to its ready download, followed at once; the list is read again a moment
 * later, when the download has used it.
 */
export function useDownloadLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.post<ApiSuccess<RightsDownloadLink>>(RIGHTS_PATHS.downloadLink(id), {})).data,
    onSuccess: () => {
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: RIGHTS }), AFTER_DOWNLOAD_MS);
    },
  });
}
