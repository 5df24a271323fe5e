import type { ApiSuccess } from '@portal/contract/envelope';
import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import { USER_PATHS, type UserOption } from '@portal/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** The people of one role in the caller's scope, as options (assignment, work and activity filters). */
export function userOptionsQuery(role: RoleName) {
  return queryOptions({
    queryKey: ['users', 'options', role],
    queryFn: async () => (await apiClient.get<ApiSuccess<UserOption[]>>(USER_PATHS.options(ROLE_ID[role]))).data.data,
  });
}

/** How an option names its person: first and last name. */
export const userOptionName = (option: UserOption) => `${option.first_name} ${option.last_name}`.trim();
