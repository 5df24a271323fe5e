import type { ApiSuccess } from '@portal/contract/envelope';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * The read of one record by its id, for `useQuery` and the cache alike; not sent until the id is a
 * real one (a page's id still 0 or not a number in the address).
 */
export function recordQuery<TRecord>(queryKey: QueryKey, id: number, path: string) {
  return queryOptions({
    queryKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<TRecord>>(path)).data.data,
    enabled: Number.isInteger(id) && id > 0,
  });
}
