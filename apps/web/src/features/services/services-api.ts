import type { ApiSuccess, Paged } from '@portal/contract/envelope';
import { PAGE_SIZE } from '@portal/contract/paging';
import { SERVICE_PATHS, type Service, type ServiceSaveInput } from '@portal/contract/services';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const servicesKey = ['services'] as const;

export function useServicesPage(page: number) {
  return useQuery({
    queryKey: [...servicesKey, 'page', page],
    queryFn: async () => {
      const response = await apiClient.get<ApiSuccess<Paged<Service>>>(SERVICE_PATHS.all, {
        params: { page, limit: PAGE_SIZE },
      });
      return response.data.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveService() {
  return useRefreshingMutation(async (input: ServiceSaveInput) => {
    const response = await apiClient.post<ApiSuccess<Service>>(SERVICE_PATHS.create, input);
    return response.data;
  }, servicesKey);
}
