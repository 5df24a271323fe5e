import { randomBytes } from 'node:crypto';
import { CLIENT_STATUSES } from '@portal/contract/common';
import { type RegistrationData, registrationSchema } from '@portal/contract/registration';
import { findRoleName, type RoleName } from '@portal/contract/roles';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import { userCreateTargetSchema, userEditTargetSchema } from '@portal/contract/users';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import type { DB } from '../../db/schema.js';
import { failForbidden, failValidation } from '../../http/http-error.js';
import type { MultipartForm } from '../../http/multipart-form.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { canCreateRole } from '../../policy/users.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { replaceUserServices } from '../client-services/client-services.service.js';
import { findExistingServiceIds } from '../services/services.service.js';
import { putAadhaarInVault } from './sub-form-aadhaar.js';
import { keepWriteOnlySecrets, openSubForm, sealSubFormColumns } from './sub-form-secrets.js';
import { toUserColumns } from './user-columns.js';
import { readCompletionState } from './user-completion.js';
import {
  createDocumentChanges,
  type DocumentChanges,
  promoteUserDocuments,
  recordUserDocuments,
  retireReplacedDocuments,
  undoDocumentChanges,
} from './user-document-writes.js';
import { rethrowAsDuplicateField } from './user-duplicates.js';
import { assertEmailFree } from './user-email-check.js';
import { readUserFormInput, type UserFormInput } from './user-form-input.js';
import { onClientServicesChanged } from './user-hooks.js';
import { insertNewUserRow } from './user-insert.js';
import { type UserRow, updateUser } from './users.repository.js';
import { requireUserToActOn } from './users.service.js';

type WriteOrigin = { ip: string };

async function assertServicesExist(db: Kysely<DB>, serviceIds: number[]): Promise<void> {
  const existing = await findExistingServiceIds(db, serviceIds);
  if (serviceIds.some((id) => !existing.has(id))) failValidation('nature_of_service', USER_MESSAGES.serviceInvalid);
}

/**
 * Stores the form's documents, then runs `write` in a transaction that records them; on failure
 * nothing stays, on success the files they replaced go.
 */
async function writeWithDocuments<T>(
  context: AppContext,
  form: MultipartForm,
  documents: UserFormInput['documents'],
  write: (trx: Kysely<DB>, changes: DocumentChanges) => Promise<T>,
): Promise<T> {
  const changes = createDocumentChanges();
  try {
    await promoteUserDocuments(context.documents, documents, changes);
    return await context.db.transaction().execute(async (trx) => {
      const result = await write(trx, changes);
      await retireReplacedDocuments(trx, context.documents, changes, context.clock.now());
      return result;
    });
  } catch (error) {
    await undoDocumentChanges(context.documents, changes);
    throw error;
  } finally {
    await form.discard();
  }
}

/** The sub-form an edit stores: the stored password stays unless replaced, cleared, or the template changed. */
function editedSubForm(context: AppContext, target: UserRow, input: UserFormInput) {
  const incoming = input.data.additional_data;
  if (!incoming) return incoming;
  const statusId = input.present.has('client_status_id') ? input.data.client_status_id : target.client_status_id;
  const sameTemplate = templateOf(statusId) !== null && templateOf(statusId) === templateOf(target.client_status_id);
  const stored = sameTemplate ? openSubForm(context.keyring, target.additional_data, context.log) : null;
  return keepWriteOnlySecrets(incoming, stored);
}

const templateOf = (statusId: number | null | undefined) =>
  CLIENT_STATUSES.find((status) => status.value === statusId)?.template ?? null;

async function insertNewUser(
  context: AppContext,
  form: MultipartForm,
  input: UserFormInput,
  role: RoleName,
  creator: Actor | null,
  origin: WriteOrigin,
): Promise<number> {
  const { data } = input;
  const now = context.clock.now();
  // Staff who leave the password empty invite the user. An invited user's hash is of random bytes
  // nobody holds, so no password opens it.
  const invited = creator !== null && !data.password;
  const passwordHash = await hashPassword(invited ? randomBytes(32).toString('base64url') : (data.password as string));
  const id = await writeWithDocuments(context, form, input.documents, async (trx, changes) => {
    const firmName = (data as Partial<RegistrationData>).firm_name;
    const id = await insertNewUserRow(trx, context, {
      data,
      role,
      creator,
      passwordHash,
      invited,
      ip: origin.ip,
      now,
      firmName,
    });
    await recordUserDocuments(trx, id, input.documents, now.toISOString(), changes);
    return id;
  });
  if (invited) context.mail.wake();
  return id;
}

/** `POST /api/user/create` and `POST /api/register` (creator null): a new user of one role. */
export async function createUser(
  context: AppContext,
  creator: Actor | null,
  form: MultipartForm,
  origin: WriteOrigin,
): Promise<number> {
  try {
    let role: RoleName = 'mpc';
    if (creator) {
      const { role_id } = parseOrThrow(userCreateTargetSchema, { role_id: form.fields.role_id });
      const named = findRoleName(role_id);
      if (!named) failValidation('role_id', USER_MESSAGES.roleInvalid);
      if (!canCreateRole(creator, named)) failForbidden();
      role = named;
    }
    const input = creator
      ? readUserFormInput(form, role, 'add', {
          requireTaxId: context.config.requireTaxId,
          envelopeFields: ['role_id'],
          passwordOptional: true,
        })
      : // The short public sign-up; the rest of the profile comes at the completion step (issue 22).
        readUserFormInput(form, 'mpc', 'edit', { requireTaxId: false, envelopeFields: [], schema: registrationSchema });
    await assertServicesExist(context.db, input.data.nature_of_service);
    await assertEmailFree(context, creator, input.data.email);
    const id = await insertNewUser(context, form, input, role, creator, origin);
    if (role === 'client') await onClientServicesChanged.fire(context, { clientId: id });
    return id;
  } catch (error) {
    rethrowAsDuplicateField(error);
  } finally {
    await form.discard();
  }
}

/** `POST /api/user/edit`: the shared form for an existing user; completes a registration. */
export async function editUser(
  context: AppContext,
  actor: Actor,
  form: MultipartForm,
  origin: WriteOrigin,
): Promise<number> {
  try {
    const { user_id } = parseOrThrow(userEditTargetSchema, { user_id: form.fields.user_id });
    const target = await requireUserToActOn(context, actor, user_id, 'user.edit');
    const role = findRoleName(target.role_id) as RoleName;

    // A self-registered MPC's first save completes the profile its short sign-up left out (issue 22).
    const completing = await readCompletionState(context, target, role);
    const input = readUserFormInput(form, role, 'edit', {
      requireTaxId: context.config.requireTaxId,
      envelopeFields: ['user_id'],
      storedClientStatusId: target.client_status_id,
      completing,
    });
    await assertServicesExist(context.db, input.data.nature_of_service);
    await assertEmailFree(context, actor, input.data.email, target.id);

    const now = context.clock.now();
    const savesSubForm = input.present.has('additional_data');
    // A new status without its sub-form leaves no stale details of the old template.
    const dropsSubForm =
      input.present.has('client_status_id') &&
      !savesSubForm &&
      (input.data.client_status_id ?? null) !== target.client_status_id;
    await writeWithDocuments(context, form, input.documents, async (trx, changes) => {
      await updateUser(trx, target.id, {
        ...toUserColumns(input.data, input.present),
        ...(dropsSubForm ? { additional_data: null, secrets_key_id: '' } : {}),
        // Submitting an existing user's form completes its registration; a disabled user stays disabled.
        status: target.status === 'created' ? 'active' : target.status,
        updated_at: now.toISOString(),
      });
      if (savesSubForm || dropsSubForm) {
        // After the update above holds the row: two saves of one client take turns in the vault too.
        const owner = { userId: target.id, firmId: target.firm_id };
        const subForm = savesSubForm ? editedSubForm(context, target, input) : null;
        const vaulted = await putAadhaarInVault({ ...context, db: trx }, owner, subForm);
        if (savesSubForm) await updateUser(trx, target.id, sealSubFormColumns(context.keyring, vaulted));
      }
      if (input.present.has('nature_of_service')) {
        await replaceUserServices(trx, target.id, input.data.nature_of_service, now.toISOString());
      }
      await recordUserDocuments(trx, target.id, input.documents, now.toISOString(), changes);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'user.update',
        entityType: 'user',
        entityId: target.id,
        ip: origin.ip,
        at: now,
      });
    });
    // New services of a client get their work planned (the ones it kept already have theirs).
    if (role === 'client' && input.present.has('nature_of_service'))
      await onClientServicesChanged.fire(context, { clientId: target.id });
    return target.id;
  } catch (error) {
    rethrowAsDuplicateField(error);
  } finally {
    await form.discard();
  }
}
