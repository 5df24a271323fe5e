import type { ApiSuccess, Paged } from '@portal/contract/envelope';
import { type FamilyMember, MEMBER_PATHS, type MemberCreateInput } from '@portal/contract/family-members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { clientServicesQuery } from '../../lib/queries/client-services';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const membersKey = (clientId: number) => ['family-members', clientId] as const;

export function useFamilyMembers(clientId: number, page: number) {
  return useQuery({
    queryKey: [...membersKey(clientId), page],
    queryFn: async () =>
      (
        await apiClient.get<ApiSuccess<Paged<FamilyMember>>>(MEMBER_PATHS.list(clientId), {
          params: { page, limit: 10 },
        })
      ).data.data,
    placeholderData: keepPreviousData,
  });
}

export function useClientServices(clientId: number) {
  return useQuery(clientServicesQuery(clientId));
}

export function useAddFamilyMember(clientId: number) {
  return useRefreshingMutation(
    async (input: MemberCreateInput) =>
      (await apiClient.post<ApiSuccess<FamilyMember>>(MEMBER_PATHS.create, input)).data,
    membersKey(clientId),
  );
}

export function useRemoveFamilyMember(clientId: number) {
  return useRefreshingMutation(
    async (memberId: number) => (await apiClient.delete<ApiSuccess<null>>(MEMBER_PATHS.remove(memberId))).data,
    membersKey(clientId),
  );
}
