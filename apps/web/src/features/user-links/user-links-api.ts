import type { ApiSuccess } from '@portal/contract/envelope';
import { LINK_PATHS, type UserLink, type UserLinkCreateInput } from '@portal/contract/user-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const linksKey = ['user-links'] as const;

export function useUserLinks() {
  return useQuery({
    queryKey: linksKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<UserLink[]>>(LINK_PATHS.list)).data.data,
  });
}

export function useAddUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserLinkCreateInput) =>
      (await apiClient.post<ApiSuccess<UserLink>>(LINK_PATHS.create, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useRemoveUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiClient.delete<ApiSuccess<null>>(LINK_PATHS.remove(id))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}
