import type { RoleName } from '@portal/contract/roles';

/**
 * Where a user stands with its firm's privacy notice (issue 25, docs/decisions/0041): `due` until it
 * accepts the current version, `withdrawn` once a client withdrew (it may then only read), `not-asked`
 * for the admin (no firm) and the MPC (the notice's author).
 */
export type PrivacyConsent = 'not-asked' | 'accepted' | 'due' | 'withdrawn';

const ASKED_ROLES: readonly RoleName[] = ['pc', 'executor', 'client'];

/** The user row's three privacy columns as the token lookup and the user reads carry them. */
export type PrivacyColumns = {
  privacy_notice_version: number;
  privacy_accepted_version: number;
  privacy_withdrawn_at: string | null;
};

export function privacyConsentOf(
  user: { role: RoleName; firmId: number | null },
  columns: PrivacyColumns,
): PrivacyConsent {
  if (!ASKED_ROLES.includes(user.role) || user.firmId === null) return 'not-asked';
  if (columns.privacy_withdrawn_at !== null) return 'withdrawn';
  // -1: nothing accepted. A user added after the last publication holds an older notice version than
  // the firm's, but its -1 is below any version, so it is asked all the same.
  const accepted = columns.privacy_accepted_version;
  return accepted < 0 || accepted < columns.privacy_notice_version ? 'due' : 'accepted';
}
