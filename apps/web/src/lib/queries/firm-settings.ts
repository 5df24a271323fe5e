import type { ApiSuccess } from '@portal/contract/envelope';
import { type FirmSettings, REQUEST_PATHS } from '@portal/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const firmSettingsKey = ['firm-settings'] as const;

/** The firm's settings (reminders, checklists before filing); the server answers only its MPC. */
export function firmSettingsQuery() {
  return queryOptions({
    queryKey: firmSettingsKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<FirmSettings>>(REQUEST_PATHS.firmSettings)).data.data,
    retry: false,
  });
}
