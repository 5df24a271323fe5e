import type { ApiSuccess } from '@portal/contract/envelope';
import { USER_PATHS, type UserDetail } from '@portal/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** One user's details (the people screens, My Profile, the assignment screen): one read, one cache. */
export function userDetailQuery(userId: number) {
  return queryOptions({
    queryKey: ['users', 'detail', userId],
    queryFn: async () => (await apiClient.get<ApiSuccess<UserDetail>>(USER_PATHS.detail(userId))).data.data,
    enabled: Number.isInteger(userId) && userId > 0,
  });
}
