import {
  AUTH_PATHS,
  type LoginAnswer,
  type LoginInput,
  type LoginResult,
  type SignedInUser,
} from '@portal/contract/auth';
import type { ApiSuccess } from '@portal/contract/envelope';
import { type NewPasswordInput, PASSWORD_PATHS, type PasswordForgotInput } from '@portal/contract/passwords';
import { TWO_FACTOR_PATHS } from '@portal/contract/two-factor';
import { apiClient } from '../../lib/api-client';

export async function postLogin(input: LoginInput): Promise<LoginAnswer> {
  const response = await apiClient.post<ApiSuccess<LoginAnswer>>(AUTH_PATHS.login, input);
  return response.data.data;
}

/** The second step: the challenge of the right password and a code (or a recovery code). */
export async function postSecondStep(challenge: string, code: string): Promise<LoginResult> {
  const response = await apiClient.post<ApiSuccess<LoginResult>>(TWO_FACTOR_PATHS.login, { challenge, code });
  return response.data.data;
}

export async function postLogout(): Promise<void> {
  await apiClient.post(AUTH_PATHS.logout);
}

export async function fetchCurrentUser(): Promise<SignedInUser> {
  const response = await apiClient.get<ApiSuccess<SignedInUser>>(AUTH_PATHS.me);
  return response.data.data;
}

export async function postForgotPassword(input: PasswordForgotInput): Promise<{ message: string }> {
  return (await apiClient.post<ApiSuccess<null>>(PASSWORD_PATHS.forgot, input)).data;
}

export async function postResetPassword(token: string, input: NewPasswordInput): Promise<{ message: string }> {
  return (await apiClient.post<ApiSuccess<null>>(PASSWORD_PATHS.reset, { token, ...input })).data;
}
