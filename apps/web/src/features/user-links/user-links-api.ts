import type { ApiSuccess } from '@portal/contract/envelope';
import { LINK_PATHS, type UserLink, type UserLinkCreateInput } from '@portal/contract/user-links';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const linksKey = ['user-links'] as const;

export function useUserLinks() {
  return useQuery({
    queryKey: linksKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<UserLink[]>>(LINK_PATHS.list)).data.data,
  });
}

export function useAddUserLink() {
  return useRefreshingMutation(
    async (input: UserLinkCreateInput) => (await apiClient.post<ApiSuccess<UserLink>>(LINK_PATHS.create, input)).data,
    linksKey,
  );
}

export function useRemoveUserLink() {
  return useRefreshingMutation(
    async (id: number) => (await apiClient.delete<ApiSuccess<null>>(LINK_PATHS.remove(id))).data,
    linksKey,
  );
}
