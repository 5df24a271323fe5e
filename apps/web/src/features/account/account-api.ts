import { AUTH_PATHS, type SignedInUser } from '@portal/contract/auth';
import type { ApiSuccess } from '@portal/contract/envelope';
import { type MailPreference, type MailPreferencesInput, NOTIFICATION_PATHS } from '@portal/contract/notifications';
import type { OwnerNoticePreference, OwnerNoticePreferenceInput } from '@portal/contract/owner-notices';
import { PASSWORD_PATHS, type PasswordChangeInput } from '@portal/contract/passwords';
import { SESSION_PATHS, type SessionSummary } from '@portal/contract/sessions';
import {
  TWO_FACTOR_PATHS,
  type TwoFactorEnabled,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
} from '@portal/contract/two-factor';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { saveSessionUser } from '../../lib/session';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';
import { useReplacingMutation } from '../../lib/use-replacing-mutation';

/** `PUT /api/user/password`; the stored user follows (a required change is then done). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: PasswordChangeInput) =>
      (await apiClient.put<ApiSuccess<{ user: SignedInUser }>>(PASSWORD_PATHS.change, input)).data,
    onSuccess: (result) => saveSessionUser(result.data.user),
  });
}

/** Reads the signed-in user again (after turning two-factor sign-in on or off). */
export async function refreshSessionUser(): Promise<SignedInUser> {
  const user = (await apiClient.get<ApiSuccess<SignedInUser>>(AUTH_PATHS.me)).data.data;
  saveSessionUser(user);
  return user;
}

const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<SessionSummary[]>>(SESSION_PATHS.list)).data.data,
  });
}

export function useEndSession() {
  return useRefreshingMutation(
    async (id: number) => (await apiClient.delete<ApiSuccess<null>>(SESSION_PATHS.one(id))).data,
    sessionsKey,
  );
}

/** "Sign out everywhere": every session, this one too. */
export async function postLogoutEverywhere(): Promise<void> {
  await apiClient.post(AUTH_PATHS.logout, { all: true });
}

export async function postTwoFactorSetup(): Promise<TwoFactorSetup> {
  return (await apiClient.post<ApiSuccess<TwoFactorSetup>>(TWO_FACTOR_PATHS.setup)).data.data;
}

export async function postTwoFactorEnable(input: TwoFactorEnableInput): Promise<TwoFactorEnabled> {
  return (await apiClient.post<ApiSuccess<TwoFactorEnabled>>(TWO_FACTOR_PATHS.enable, input)).data.data;
}

export async function postTwoFactorDisable(currentPassword: string): Promise<{ message: string }> {
  return (await apiClient.post<ApiSuccess<null>>(TWO_FACTOR_PATHS.disable, { current_password: currentPassword })).data;
}

const mailPreferencesKey = ['mail-preferences'] as const;

/** `GET /api/me/mail-preferences`: the mail the caller's role receives, each on or off. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<MailPreference[]>>(NOTIFICATION_PATHS.mailPreferences)).data.data,
  });
}

/** `PUT /api/me/mail-preferences`; the answer is the new state. */
export function useSaveMailPreferences() {
  return useReplacingMutation(
    async (input: MailPreferencesInput) =>
      (await apiClient.put<ApiSuccess<MailPreference[]>>(NOTIFICATION_PATHS.mailPreferences, input)).data,
    mailPreferencesKey,
  );
}

const ownerNoticesKey = ['owner-notices'] as const;

/** `GET /api/me/owner-notices` (MPC only): what it hears of its firm's work, in the bell and by mail. */
export function useOwnerNotices(enabled: boolean) {
  return useQuery({
    queryKey: ownerNoticesKey,
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<OwnerNoticePreference[]>>(NOTIFICATION_PATHS.ownerNotices)).data.data,
    enabled,
  });
}

/** `PUT /api/me/owner-notices`; the answer is the new state. */
export function useSaveOwnerNotices() {
  return useReplacingMutation(
    async (input: OwnerNoticePreferenceInput) =>
      (await apiClient.put<ApiSuccess<OwnerNoticePreference[]>>(NOTIFICATION_PATHS.ownerNotices, input)).data,
    ownerNoticesKey,
  );
}
