import { COMMON_PATHS, type PincodeResult } from '@portal/contract/common';
import type { ApiSuccess } from '@portal/contract/envelope';
import { PAGE_SIZE } from '@portal/contract/paging';
import { PASSWORD_PATHS } from '@portal/contract/passwords';
import type { RoleName } from '@portal/contract/roles';
import { TWO_FACTOR_PATHS } from '@portal/contract/two-factor';
import {
  type RoleTotal,
  USER_PATHS,
  type UserDetail,
  type UserListPage,
  type UserSensitive,
} from '@portal/contract/users';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { readApiError } from '../../lib/api-error';
import { serviceOptionsQuery } from '../../lib/queries/service-options';
import { userDetailQuery } from '../../lib/queries/user-detail';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';
import { ROLE_TEXTS } from './role-texts';
import type { UserListState } from './user-list-params';

const usersKey = ['users'] as const;

/** One page of a list as the address states it (user-list-params.ts); the server searches and sorts. */
export function useUserList(roleId: number, state: UserListState) {
  return useQuery({
    queryKey: [...usersKey, 'list', roleId, state],
    queryFn: async () => {
      const params = {
        page: state.page,
        limit: PAGE_SIZE,
        ...(state.search ? { search: state.search } : {}),
        ...(state.serviceId ? { service_id: state.serviceId } : {}),
        ...(state.sort ? { sort: state.sort } : {}),
        ...(state.order ? { order: state.order } : {}),
      };
      const response = await apiClient.get<ApiSuccess<UserListPage>>(USER_PATHS.listByRole(roleId), { params });
      return response.data.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number) {
  return useQuery(userDetailQuery(id));
}

/**
 * A user shown on a screen for one kind of user (`/mpc/client/detail/7`): an id that is no id, one
 * outside the caller's reach (404) or a user of another kind all read "Client not found.", never the
 * validator's words.
 */
export function useUserOfRole(id: number, listRole: RoleName) {
  const query = useUserDetail(id);
  const notFound = `${ROLE_TEXTS[listRole].noun} not found.`;
  const status = query.isError ? readApiError(query.error).status : null;
  const problem =
    !Number.isInteger(id) || id <= 0 || status === 404 || status === 422
      ? notFound
      : query.isError
        ? readApiError(query.error).message
        : query.data && query.data.user_role.name !== listRole
          ? notFound
          : null;
  return { ...query, problem, loading: problem === null && query.isPending };
}

/** The sub-form's secrets in full, for the edit form only; each read is audited on the server. */
export function useUserSensitive(id: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...usersKey, 'sensitive', id],
    queryFn: async () => (await apiClient.get<ApiSuccess<UserSensitive>>(USER_PATHS.sensitive(id))).data.data,
    // Kept in memory only while the form is open, and read afresh each time it opens.
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useRoleTotals(id: number) {
  return useQuery({
    enabled: Number.isInteger(id) && id > 0,
    queryKey: [...usersKey, 'totals', id],
    queryFn: async () => (await apiClient.get<ApiSuccess<RoleTotal[]>>(USER_PATHS.totalUser(id))).data.data,
  });
}

export function useServiceOptions() {
  return useQuery(serviceOptionsQuery());
}

export async function lookUpPincode(pincode: string): Promise<PincodeResult> {
  const response = await apiClient.get<ApiSuccess<PincodeResult>>(COMMON_PATHS.pincode, { params: { pincode } });
  return response.data.data;
}

export type UserFormTarget =
  | { kind: 'create'; roleId: number }
  | { kind: 'edit'; userId: number }
  | { kind: 'register' };

/** Sends the shared form as multipart to create, edit or register; refreshes every user query after. */
export function useSaveUserForm() {
  return useRefreshingMutation(async ({ target, body }: { target: UserFormTarget; body: FormData }) => {
    if (target.kind === 'create') body.set('role_id', String(target.roleId));
    if (target.kind === 'edit') body.set('user_id', String(target.userId));
    const path =
      target.kind === 'create' ? USER_PATHS.create : target.kind === 'edit' ? USER_PATHS.edit : USER_PATHS.register;
    // The browser sets the multipart boundary itself.
    const response = await apiClient.post<ApiSuccess<UserDetail | null>>(path, body, {
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    return response.data;
  }, usersKey);
}

/** Disables a user (spec) or enables it again; the list shows the status the server answers. */
export function useChangeUserStatus() {
  return useRefreshingMutation(async ({ userId, status }: { userId: number; status: 'deactivated' | 'active' }) => {
    const response = await apiClient.put<ApiSuccess<{ user: { id: number; status: string } }>>(
      USER_PATHS.updateStatus,
      { user_id: userId, status },
    );
    return response.data;
  }, usersKey);
}

/** From a user's detail page: mail a reset link (the invitation again while it has no password). */
export function useSendResetLink() {
  return useMutation({
    mutationFn: async (userId: number) =>
      (await apiClient.post<ApiSuccess<null>>(PASSWORD_PATHS.sendReset(userId))).data,
  });
}

/** From a user's detail page: remove a lost second factor. */
export function useResetTwoFactor() {
  return useRefreshingMutation(
    async (userId: number) => (await apiClient.post<ApiSuccess<null>>(TWO_FACTOR_PATHS.resetOf(userId))).data,
    usersKey,
  );
}
