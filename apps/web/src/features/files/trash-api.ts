import type { ApiSuccess } from '@portal/contract/envelope';
import { FILE_TRASH_PATHS, type TrashPage, type TrashRestored } from '@portal/contract/file-trash';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { FILES_QUERY_KEY } from '../../lib/queries/files';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

// Under the client's files key: a deletion, a restore or a deletion for good refreshes the lists and the trash.
const filesKey = (clientId: number) => [...FILES_QUERY_KEY, clientId] as const;

/** A service's trash, newest deletion first, a page at a time ("Load more"). */
export function useTrash(clientId: number, serviceId: number) {
  return useInfiniteQuery({
    queryKey: [...filesKey(clientId), serviceId, 'trash'],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const params = pageParam === undefined ? {} : { before: pageParam };
      const path = FILE_TRASH_PATHS.list(clientId, serviceId);
      return (await apiClient.get<ApiSuccess<TrashPage>>(path, { params })).data.data;
    },
    getNextPageParam: (page) => page.next ?? undefined,
    select: (data) => ({
      entries: data.pages.flatMap((page) => page.entries),
      trashDays: data.pages[0]?.trash_days ?? null,
    }),
  });
}

/** Brings an item back where it was (or to the top level); answers where, and the server's words. */
export function useRestoreFromTrash(clientId: number) {
  return useRefreshingMutation(
    async (trashId: number) =>
      (await apiClient.post<ApiSuccess<TrashRestored>>(FILE_TRASH_PATHS.restore(trashId))).data,
    filesKey(clientId),
  );
}

/** Deletes an item in the trash for good (staff). */
export function usePurgeFromTrash(clientId: number) {
  return useRefreshingMutation(
    async (trashId: number) => (await apiClient.delete<ApiSuccess<null>>(FILE_TRASH_PATHS.purge(trashId))).data,
    filesKey(clientId),
  );
}
