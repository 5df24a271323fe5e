import { findRoleName, type RoleName, type UserStatus } from '@portal/contract/roles';
import { type PrivacyColumns, type PrivacyConsent, privacyConsentOf } from '../policy/privacy-consent.js';

/** The signed-in user as the policy sees it. */
export type Actor = {
  id: number;
  role: RoleName;
  firmId: number | null;
  status: UserStatus;
  tokenId: number;
  /** 'must_change': a password someone else typed, to be changed before anything else. */
  passwordState?: string;
  twoFactorEnabled?: boolean;
  /** 'pending': a self-registered firm the admin has not approved yet (policy/registration.policy.ts). */
  firmApproval?: string | null;
  /** A PC or executor its MPC lets bill (the per-person `billing` permission, issue 23). */
  billingGranted?: boolean;
  /** A PC its MPC lets handle the firm's clients' data requests (the per-person `rights` permission, issue 25). */
  rightsGranted?: boolean;
  /** Where the user stands with its firm's privacy notice (policy/privacy-consent.ts). */
  privacyConsent?: PrivacyConsent;
};

type UserIdentityRow = { id: number; role_id: number; firm_id: number | null; status: string };
/** A user row with what the account gates read (authenticate.ts `admitLinkUser`). */
export type LinkUserRow = UserIdentityRow & {
  password_state: string;
  totp_enabled_at: string | null;
  firm_approval: string | null;
  billing_granted?: number;
  rights_granted?: number;
} & Partial<PrivacyColumns>;

/**
 * A user acting without a session: the user a signed link was made for, or the demo seed's admin.
 * `tokenId` 0 is no token (there is none to revoke).
 */
export function actorOfUser(row: LinkUserRow | UserIdentityRow): Actor {
  const role = findRoleName(row.role_id) as RoleName;
  return {
    id: row.id,
    role,
    firmId: row.firm_id,
    status: row.status as UserStatus,
    tokenId: 0,
    ...('password_state' in row
      ? {
          passwordState: row.password_state,
          twoFactorEnabled: row.totp_enabled_at !== null,
          firmApproval: row.firm_approval,
          billingGranted: row.billing_granted === 1,
          rightsGranted: row.rights_granted === 1,
        }
      : {}),
    ...('privacy_accepted_version' in row && row.privacy_accepted_version !== undefined
      ? {
          privacyConsent: privacyConsentOf(
            { role, firmId: row.firm_id },
            {
              privacy_notice_version: row.privacy_notice_version ?? 0,
              privacy_accepted_version: row.privacy_accepted_version,
              privacy_withdrawn_at: row.privacy_withdrawn_at ?? null,
            },
          ),
        }
      : {}),
  };
}
