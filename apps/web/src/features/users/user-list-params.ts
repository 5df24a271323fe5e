import { USER_LIST_ORDERS, USER_LIST_SORTS, type UserListOrder, type UserListSort } from '@portal/contract/users';
import { useAddressState } from '../../lib/use-address-state';

/** What a list shows, as it stands in the address bar: Back, reload and a shared link keep it. */
export type UserListState = {
  page: number;
  search: string;
  serviceId: string;
  sort?: UserListSort;
  order?: UserListOrder;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** A hand-edited or stale address never breaks the list: anything unreadable falls back to the default. */
function readUserListState(params: URLSearchParams): UserListState {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: params.get('search')?.trim() ?? '',
    serviceId: /^[1-9][0-9]*$/.test(params.get('service_id') ?? '') ? (params.get('service_id') as string) : '',
    sort: oneOf(USER_LIST_SORTS, params.get('sort')),
    order: oneOf(USER_LIST_ORDERS, params.get('order')),
  };
}

/** The address of a list state: defaults are left out, so the plain list stays a plain address. */
function writeUserListState(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.serviceId) params.set('service_id', state.serviceId);
  if (state.sort) params.set('sort', state.sort);
  if (state.order) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The users list's state, read from and written to the address. */
export function useUserListState() {
  return useAddressState(readUserListState, writeUserListState);
}
