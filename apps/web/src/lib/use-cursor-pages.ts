import type { ApiSuccess } from '@portal/contract/envelope';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

type CursorPagesOptions<TPage> = {
  queryKey: QueryKey;
  path: string;
  /** The query besides the cursor: the filters and the page's size (`limit`). */
  params: Record<string, unknown>;
  /** The query parameter that carries the cursor: `before` going back from the newest, `after` onwards. */
  cursor: 'before' | 'after';
  /** The next page's cursor, from the last page read; none after the last page. */
  next: (page: TPage) => string | number | null | undefined;
};

/**
 * A list the API answers a page at a time by cursor ("Show more"): the first page without a cursor,
 * each next one from the cursor the last page gave, until it gives none.
 */
export function useCursorPages<TPage>({ queryKey, path, params, cursor, next }: CursorPagesOptions<TPage>) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | number | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await apiClient.get<ApiSuccess<TPage>>(path, {
          params: { ...params, ...(pageParam ? { [cursor]: pageParam } : {}) },
        })
      ).data.data,
    getNextPageParam: (last) => next(last) ?? undefined,
  });
}
