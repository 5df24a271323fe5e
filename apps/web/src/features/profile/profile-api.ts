import type { SignedInUser } from '@portal/contract/auth';
import type { ApiSuccess } from '@portal/contract/envelope';
import { type ProfileUpdateInput, USER_PATHS } from '@portal/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { userDetailQuery } from '../../lib/queries/user-detail';
import { saveSessionUser } from '../../lib/session';

export function useOwnDetail(userId: number) {
  return useQuery(userDetailQuery(userId));
}

/** `PUT /api/user/update`; the stored user follows, so the top bar shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      (await apiClient.put<ApiSuccess<{ user: SignedInUser }>>(USER_PATHS.updateProfile, input)).data,
    onSuccess: (result) => {
      saveSessionUser(result.data.user);
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
