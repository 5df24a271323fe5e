import type { SignedInUser } from '@portal/contract/auth';
import type { RoleName } from '@portal/contract/roles';
import { actorOfUser } from '../../auth/actor.js';
import { mayEver } from '../../policy/authorize.js';
import { privacyConsentOf } from '../../policy/privacy-consent.js';
import { presentUser } from './user.presenter.js';
import type { UserRow } from './users.repository.js';

/** The user as sign-in and `/api/me` answer it: with what the account still needs before anything else. */
export function presentSignedInUser(row: UserRow, requiredRoles: readonly RoleName[]): SignedInUser {
  const twoFactorEnabled = row.totp_enabled_at !== null;
  const privacy = privacyConsentOf({ role: row.role_name as RoleName, firmId: row.firm_id }, row);
  return {
    ...presentUser(row),
    password_change_required: row.password_state === 'must_change',
    two_factor_enabled: twoFactorEnabled,
    two_factor_setup_required: !twoFactorEnabled && requiredRoles.includes(row.role_name as RoleName),
    approval_pending: row.firm_approval === 'pending',
    may_bill: mayEver(actorOfUser(row), 'billing.manage'),
    may_handle_rights: mayEver(actorOfUser(row), 'rights.view'),
    privacy_notice_required: privacy === 'due',
    consent_withdrawn_at: privacy === 'withdrawn' ? row.privacy_withdrawn_at : null,
  };
}
