import type { ApiSuccess } from '@portal/contract/envelope';
import { FILE_SEARCH_PATH, type FileSearchPage } from '@portal/contract/file-search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { refreshBeforeLinksExpire } from '../../lib/download-links';
import { FILES_QUERY_KEY } from '../../lib/queries/files';

/**
 * One client's files whose name holds `term`, newest first, a page at a time (`GET /api/files/search`).
 * Under the files' cache key, so an upload or a deletion elsewhere refreshes the results too.
 */
export const fileSearchQuery = (clientId: number, term: string) =>
  infiniteQueryOptions({
    queryKey: [...FILES_QUERY_KEY, clientId, 'search', term],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const params = { q: term, client_id: clientId, ...(pageParam === undefined ? {} : { before: pageParam }) };
      return (await apiClient.get<ApiSuccess<FileSearchPage>>(FILE_SEARCH_PATH, { params })).data.data;
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // Each result carries a signed link of a few minutes: fetched again before the first one ends, as a folder is.
    refetchInterval: (query) => refreshBeforeLinksExpire(query.state.data?.pages.flatMap((page) => page.files)),
  });

export function useFileSearch(clientId: number, term: string | null) {
  return useInfiniteQuery({ ...fileSearchQuery(clientId, term ?? ''), enabled: term !== null });
}
