import type { ApiSuccess } from '@portal/contract/envelope';
import { SERVICE_PATHS, type ServiceOption } from '@portal/contract/services';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** The services catalogue as options (user forms, list and work filters, compliance rules). */
export function serviceOptionsQuery() {
  return queryOptions({
    queryKey: ['services', 'options'],
    queryFn: async () => (await apiClient.get<ApiSuccess<ServiceOption[]>>(SERVICE_PATHS.options)).data.data,
    staleTime: 5 * 60_000,
  });
}
