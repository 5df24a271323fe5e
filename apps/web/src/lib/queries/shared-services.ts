import type { ApiSuccess } from '@portal/contract/envelope';
import { FILE_PATHS, type SharedService } from '@portal/contract/files';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { FILES_QUERY_KEY } from './files';

/** The client services other firms handed this MPC (its dashboard, and the names on their file pages). */
export function sharedServicesQuery() {
  return queryOptions({
    queryKey: [...FILES_QUERY_KEY, 'shared'],
    queryFn: async () => (await apiClient.get<ApiSuccess<SharedService[]>>(FILE_PATHS.shared)).data.data,
  });
}
