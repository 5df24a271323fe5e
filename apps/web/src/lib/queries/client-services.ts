import { ASSIGNMENT_PATHS, type ClientService } from '@portal/contract/assignments';
import type { ApiSuccess } from '@portal/contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** The services one client has (dashboard tiles, files, family members, one-off work): one read, one cache. */
export function clientServicesQuery(clientId: number) {
  return queryOptions({
    queryKey: ['client-services', clientId],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<ClientService[]>>(ASSIGNMENT_PATHS.clientServices(clientId))).data.data,
  });
}
