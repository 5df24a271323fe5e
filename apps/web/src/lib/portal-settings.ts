import { type PortalSettings, SETTINGS_PATH } from '@portal/contract/common';
import type { ApiSuccess } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** Deployment settings the screens mirror (registration open, tax id required, upload limit). */
export function usePortalSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await apiClient.get<ApiSuccess<PortalSettings>>(SETTINGS_PATH)).data.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
