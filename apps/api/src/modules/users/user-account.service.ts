import type { SignedInUser } from '@portal/contract/auth';
import { needsLastName } from '@portal/contract/common';
import { RETENTION_MESSAGES } from '@portal/contract/retention';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import { buildProfileUpdateSchema, type statusUpdateSchema } from '@portal/contract/users';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound, failValidation, HttpError } from '../../http/http-error.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { authorize } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { endSessionsFor } from '../sessions/sessions.service.js';
import { presentSignedInUser } from '../users/signed-in-user.js';
import { rethrowAsDuplicateField } from './user-duplicates.js';
import { toUserTarget } from './user-target.js';
import { admitProfileUpdate } from './user-throttles.js';
import { findUserById, isEmailTaken, isUsernameTaken, updateUser } from './users.repository.js';
import { requireUserInScope } from './users.service.js';

/**
 * `PUT /api/user/update`: the caller's own five profile fields. Each attempt is counted first, since the
 * "taken" answers tell which emails and usernames exist.
 */
export async function updateOwnProfile(
  context: AppContext,
  actor: Actor,
  body: unknown,
  ip: string,
): Promise<SignedInUser> {
  const { db, clock } = context;
  const stored = await findUserById(db, actor.id);
  if (!stored) failNotFound(USER_MESSAGES.notFound);
  const schema = buildProfileUpdateSchema({ lastNameRequired: needsLastName(actor.role, stored.client_status_id) });
  const input = parseOrThrow(schema, body);
  await admitProfileUpdate(context, actor.id);
  const errors: Record<string, string[]> = {};
  if (await isEmailTaken(db, input.email, actor.id)) errors.email = [USER_MESSAGES.emailTaken];
  if (await isUsernameTaken(db, input.username, actor.id)) errors.username = [USER_MESSAGES.usernameTaken];
  for (const [field, messages] of Object.entries(errors)) failValidation(field, messages[0] as string);
  const now = clock.now();
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, actor.id, { ...input, updated_at: now.toISOString() });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'user.update_profile',
        entityType: 'user',
        entityId: actor.id,
        ip,
        at: now,
      });
    });
  } catch (error) {
    rethrowAsDuplicateField(error);
  }
  const user = await findUserById(db, actor.id);
  if (!user) failNotFound(USER_MESSAGES.notFound);
  return presentSignedInUser(user, context.config.require2faRoles);
}

/**
 * `PUT /api/user/updateStatus`: disables a user in scope, ending all of its sessions at once, or enables
 * it again (whoever may disable may undo it). Enabling restores the status the user had before, so an
 * executor that never completed its registration still has to.
 */
export async function changeUserStatus(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof statusUpdateSchema>,
  ip: string,
): Promise<{ id: number; status: string }> {
  const target = await requireUserInScope(context, actor, input.user_id);
  const disabling = input.status === 'deactivated';
  if (!authorize(actor, disabling ? 'user.disable' : 'user.enable', toUserTarget(target))) {
    // No row grants a user its own status; the refusal says so in words.
    failForbidden(target.id === actor.id ? USER_MESSAGES.cannotDisableSelf : undefined);
  }
  // Nothing to change: the same answer, no audit row.
  if (disabling === (target.status === 'deactivated')) return { id: target.id, status: target.status };
  // An erased client (issue 25) has no name, contact or sign-in left to enable.
  if (target.erased_at) throw new HttpError(409, RETENTION_MESSAGES.erasedCannotEnable);
  const now = context.clock.now();
  const status = disabling ? 'deactivated' : target.status_before_disable === 'created' ? 'created' : 'active';
  await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, target.id, {
      status,
      status_before_disable: disabling ? target.status : null,
      updated_at: now.toISOString(),
    });
    if (disabling)
      await endSessionsFor(trx, {
        actorId: actor.id,
        userId: target.id,
        reason: 'user_disabled',
        keepToSayWhy: true,
        ip,
        at: now,
      });
    await recordAudit(trx, {
      actorId: actor.id,
      action: disabling ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: target.id,
      ip,
      at: now,
    });
  });
  return { id: target.id, status };
}
