import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { UserFormData } from '@portal/contract/user-form';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { firmOf } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { replaceUserServices } from '../client-services/client-services.service.js';
import { putAadhaarInVault } from './sub-form-aadhaar.js';
import { keepWriteOnlySecrets, sealSubFormColumns } from './sub-form-secrets.js';
import { toUserColumns } from './user-columns.js';
import { onUserInvited } from './user-hooks.js';
import { insertUserWithFreeUsername } from './usernames.js';
import { findUserById, updateUser } from './users.repository.js';

/** One new user as the form (or a row of an import) gives it, and how its password came about. */
export type NewUser = {
  data: UserFormData;
  role: RoleName;
  /** Null for a public sign-up. */
  creator: Actor | null;
  /** The hash of the typed password, or of random bytes nobody holds when the user is invited. */
  passwordHash: string;
  invited: boolean;
  ip: string;
  now: Date;
  /** The firm's name its owner gave at the public sign-up. */
  firmName?: string;
  /** Said in the audit event besides how the password came about (an import names itself). */
  auditDetails?: Record<string, unknown>;
};

function initialStatusOf(role: RoleName, selfRegistered: boolean): 'created' | 'active' {
  // docs/api-conventions.md, status lifecycle: executors and self-registered MPCs complete their own registration.
  return selfRegistered || role === 'executor' ? 'created' : 'active';
}

const withoutClearMarker = (data: Record<string, unknown> | undefined) =>
  data ? keepWriteOnlySecrets(data, null) : data;

/**
 * Writes one new user inside the caller's transaction, the one way every user is created (the form,
 * sign-up, a CSV import): its row under a free username with the sub-form's secrets sealed (its Aadhaar
 * numbers in the vault), its services, the audit event, and the invitation mail of a user created
 * without a password. The caller wakes the mailer after committing.
 */
export async function insertNewUserRow(trx: Kysely<DB>, context: AppContext, user: NewUser): Promise<number> {
  const { data, role, creator, now } = user;
  // A password staff typed is the user's only until its first sign-in.
  const passwordState = creator === null ? 'own' : user.invited ? 'unset' : 'must_change';
  const subForm = withoutClearMarker(data.additional_data);
  // An MPC's firm is itself; everyone else joins the firm of whoever adds them.
  const firmId = role === 'mpc' || !creator ? null : firmOf(creator);
  const id = await insertUserWithFreeUsername(trx, {
    ...toUserColumns(data),
    // The sub-form follows once the row has an id: its Aadhaar numbers go into the vault under it first.
    additional_data: null,
    secrets_key_id: '',
    first_name: data.first_name,
    last_name: data.last_name,
    email: data.email,
    role_id: ROLE_ID[role],
    firm_id: firmId,
    created_by: creator?.id ?? null,
    password_hash: user.passwordHash,
    password_state: passwordState,
    status: initialStatusOf(role, creator === null),
    // A firm that signs itself up waits for the admin's approval when the platform asks for it.
    firm_approval: creator === null && context.config.registrationApproval ? 'pending' : null,
    firm_name: user.firmName ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  if (role === 'mpc' || subForm) {
    const owner = { userId: id, firmId: role === 'mpc' ? id : firmId };
    const vaulted = subForm ? await putAadhaarInVault({ ...context, db: trx }, owner, subForm) : null;
    await updateUser(trx, id, {
      ...(role === 'mpc' ? { firm_id: id } : {}),
      ...(vaulted ? sealSubFormColumns(context.keyring, vaulted) : {}),
    });
  }
  await replaceUserServices(trx, id, data.nature_of_service, now.toISOString());
  await recordAudit(trx, {
    actorId: creator?.id ?? id,
    action: creator ? 'user.create' : 'user.register',
    entityType: 'user',
    entityId: id,
    ip: user.ip,
    ...(creator
      ? { details: { password: user.invited ? 'invitation_mailed' : 'typed_by_creator', ...user.auditDetails } }
      : {}),
    at: now,
  });
  if (user.invited) {
    const created = await findUserById(trx, id);
    if (created) await onUserInvited.fire({ ...context, db: trx }, { user: created });
  }
  return id;
}
