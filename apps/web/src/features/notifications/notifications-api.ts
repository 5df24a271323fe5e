import type { ApiSuccess } from '@portal/contract/envelope';
import {
  NOTIFICATION_PATHS,
  type NotificationPage,
  type NotificationReadAnswer,
  type NotificationReadInput,
} from '@portal/contract/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const notificationsKey = ['notifications'] as const;
/** How often an open screen asks for new notifications (and again when the tab comes back into view). */
const POLL_MS = 30_000;

/** `GET /api/notifications`: a page of the caller's own, newest first, with its unread count. */
export function useNotifications(page: number, limit: number) {
  return useQuery({
    queryKey: [...notificationsKey, page, limit],
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<NotificationPage>>(NOTIFICATION_PATHS.list, { params: { page, limit } })).data
        .data,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/notifications/read`: some by id, or all; every notification list is read again after. */
export function useMarkNotificationsRead() {
  return useRefreshingMutation(
    async (input: NotificationReadInput) =>
      (await apiClient.post<ApiSuccess<NotificationReadAnswer>>(NOTIFICATION_PATHS.read, input)).data.data,
    notificationsKey,
    { evenOnFailure: true },
  );
}
