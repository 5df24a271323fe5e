import { type PortalSettings, SETTINGS_PATH } from '@portal/contract/common';
import type { ApiSuccess } from '@portal/contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryClient } from './query-client';

const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async () => (await apiClient.get<ApiSuccess<PortalSettings>>(SETTINGS_PATH)).data.data,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Deployment settings the screens mirror (registration open, tax id required, upload limit). */
export function usePortalSettings() {
  return useQuery(settingsQuery);
}

/** The same settings outside React's tree (the sign-in page, before the portal is loaded), sharing the cache. */
export function fetchPortalSettings(): Promise<PortalSettings> {
  return queryClient.fetchQuery(settingsQuery);
}
