import { AUTH_PATHS, type SignedInUser } from '@portal/contract/auth';
import type { ApiSuccess, Paged } from '@portal/contract/envelope';
import {
  type AcceptanceFilter,
  type ConsentRow,
  type DataProtectionContact,
  type DataProtectionContactInput,
  type DataProtectionContacts,
  PRIVACY_PATHS,
  type PrivacyNotice,
  type PrivacyNoticeSaveInput,
  type PrivacyNoticeVersion,
} from '@portal/contract/privacy';
import type { CursorPage } from '@portal/contract/registers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { saveSessionUser } from '../../lib/session';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const PRIVACY = ['privacy'] as const;
const noticeKey = [...PRIVACY, 'notice'] as const;
const contactsKey = [...PRIVACY, 'contacts'] as const;

/** The notice in force for the caller's firm, and where the caller stands with it. */
export function useMyNotice() {
  return useQuery({
    queryKey: noticeKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<PrivacyNotice>>(PRIVACY_PATHS.notice)).data.data,
  });
}

/** After a consent change the stored user follows (the gate's step, the withdrawn banner). */
async function refreshSignedInUser(): Promise<void> {
  saveSessionUser((await apiClient.get<ApiSuccess<SignedInUser>>(AUTH_PATHS.me)).data.data);
}

/** A change of the caller's consent: every privacy read and the stored user are read again. */
function useConsentChange<Input>(send: (input: Input) => Promise<ApiSuccess<PrivacyNotice>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await refreshSignedInUser();
      await queryClient.invalidateQueries({ queryKey: PRIVACY });
    },
  });
}

/** `POST /api/privacy/notice/accept` with the version read. */
export function useAcceptNotice() {
  return useConsentChange(
    async (version: number) =>
      (await apiClient.post<ApiSuccess<PrivacyNotice>>(PRIVACY_PATHS.accept, { version })).data,
  );
}

/** `POST /api/privacy/consent/withdraw` (a client), once its dialog is confirmed. */
export function useWithdrawConsent() {
  return useConsentChange(
    async (_: undefined) =>
      (await apiClient.post<ApiSuccess<PrivacyNotice>>(PRIVACY_PATHS.withdraw, { confirm: true })).data,
  );
}

/** The contacts the caller's footer shows: its firm's, and the platform's for staff. */
export function useContacts(enabled = true) {
  return useQuery({
    queryKey: contactsKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<DataProtectionContacts>>(PRIVACY_PATHS.contact)).data.data,
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

/** Saves the firm's data protection contact (its MPC) or the platform's (the admin). */
export function useSaveContact(whose: 'firm' | 'platform') {
  const path = whose === 'firm' ? PRIVACY_PATHS.contact : PRIVACY_PATHS.platformContact;
  return useRefreshingMutation(
    async (input: DataProtectionContactInput) =>
      (await apiClient.put<ApiSuccess<DataProtectionContact>>(path, input)).data,
    PRIVACY,
  );
}

const platformKey = [...PRIVACY, 'platform'] as const;

export function usePlatformContact() {
  return useQuery({
    queryKey: platformKey,
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<DataProtectionContact | null>>(PRIVACY_PATHS.platformContact)).data.data,
  });
}

const versionsKey = [...PRIVACY, 'versions'] as const;

/** The firm's published versions, newest first (the MPC). */
export function useNoticeVersions(page: number) {
  return useQuery({
    queryKey: [...versionsKey, page],
    queryFn: async () =>
      (
        await apiClient.get<ApiSuccess<Paged<PrivacyNoticeVersion>>>(PRIVACY_PATHS.versions, {
          params: { page, limit: 10 },
        })
      ).data.data,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/privacy/notices`: the firm's next version. */
export function usePublishNotice() {
  return useRefreshingMutation(
    async (input: PrivacyNoticeSaveInput) =>
      (await apiClient.post<ApiSuccess<PrivacyNotice>>(PRIVACY_PATHS.versions, input)).data,
    PRIVACY,
  );
}

/** The firm's acceptances and withdrawals, or its members yet to accept, page by page ("Show more"). */
export function useAcceptances(filter: AcceptanceFilter) {
  return useCursorPages<CursorPage<ConsentRow>>({
    queryKey: [...PRIVACY, 'acceptances', filter],
    path: PRIVACY_PATHS.acceptances,
    params: { filter, limit: 20 },
    cursor: 'after',
    next: (last) => last.next,
  });
}
