import { AUTH_PATHS, type LoginInput, type LoginResult } from '@portal/contract/auth';
import type { ApiSuccess } from '@portal/contract/envelope';
import type { User } from '@portal/contract/users';
import { apiClient } from '../../lib/api-client';

export async function postLogin(input: LoginInput): Promise<LoginResult> {
  const response = await apiClient.post<ApiSuccess<LoginResult>>(AUTH_PATHS.login, input);
  return response.data.data;
}

export async function postLogout(): Promise<void> {
  await apiClient.post(AUTH_PATHS.logout);
}

export async function fetchCurrentUser(): Promise<User> {
  const response = await apiClient.get<ApiSuccess<User>>(AUTH_PATHS.me);
  return response.data.data;
}
