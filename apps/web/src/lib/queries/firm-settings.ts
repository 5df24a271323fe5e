import type { ApiSuccess } from '@portal/contract/envelope';
import { type FirmSettings, type FirmSettingsInput, REQUEST_PATHS } from '@portal/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { useRefreshingMutation } from '../use-refreshing-mutation';

export const firmSettingsKey = ['firm-settings'] as const;

/** The firm's settings (reminders, checklists before filing); the server answers only its MPC. */
export function firmSettingsQuery() {
  return queryOptions({
    queryKey: firmSettingsKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<FirmSettings>>(REQUEST_PATHS.firmSettings)).data.data,
    retry: false,
  });
}

/** Saves some of the firm's settings (those the body names); the settings are read again after. */
export function useSaveFirmSettings() {
  return useRefreshingMutation(
    async (body: FirmSettingsInput) =>
      (await apiClient.put<ApiSuccess<FirmSettings>>(REQUEST_PATHS.firmSettings, body)).data,
    firmSettingsKey,
  );
}
