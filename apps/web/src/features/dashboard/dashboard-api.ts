import type { ApiSuccess } from '@portal/contract/envelope';
import { FILE_PATHS, type FileEntry } from '@portal/contract/files';
import { NOTIFICATION_PATHS } from '@portal/contract/notifications';
import type { FirmFeed } from '@portal/contract/owner-notices';
import { type RoleSummary, USER_PATHS } from '@portal/contract/users';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { refreshBeforeLinksExpire } from '../../lib/download-links';
import { clientServicesQuery } from '../../lib/queries/client-services';
import { FILES_QUERY_KEY } from '../../lib/queries/files';
import { sharedServicesQuery } from '../../lib/queries/shared-services';

export function useRoleSummaries() {
  return useQuery({
    queryKey: ['users', 'summary'],
    queryFn: async () => (await apiClient.get<ApiSuccess<RoleSummary[]>>(USER_PATHS.summary)).data.data,
  });
}

export function useOwnServices(clientId: number, enabled: boolean) {
  return useQuery({ ...clientServicesQuery(clientId), enabled });
}

export function useRecentFiles(enabled: boolean) {
  return useQuery({
    queryKey: [...FILES_QUERY_KEY, 'recent'],
    queryFn: async () => (await apiClient.get<ApiSuccess<FileEntry[]>>(FILE_PATHS.recent)).data.data,
    enabled,
    refetchInterval: (query) => refreshBeforeLinksExpire(query.state.data),
  });
}

export function useSharedServices(enabled: boolean) {
  return useQuery({ ...sharedServicesQuery(), enabled });
}

/** The MPC's "Recently filed" and "Documents received" (`GET /api/dashboard/firm-feed`). */
export function useFirmFeed() {
  return useQuery({
    queryKey: ['firm-feed'],
    queryFn: async () => (await apiClient.get<ApiSuccess<FirmFeed>>(NOTIFICATION_PATHS.firmFeed)).data.data,
  });
}
