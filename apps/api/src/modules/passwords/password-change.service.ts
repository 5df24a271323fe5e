import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import type { SignedInUser } from '@portal/contract/auth';
import { PASSWORD_MESSAGES, type passwordChangeSchema } from '@portal/contract/passwords';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { passwordChangedMessage } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { removeSpentOutboxLinks } from '../mail/outbox-links.js';
import { endSessionsFor } from '../sessions/sessions.service.js';
import { admitPasswordCheck } from '../throttles/password-throttles.js';
import { presentSignedInUser } from '../users/signed-in-user.js';
import { findUserById, updateUser } from '../users/users.service.js';
import { deletePasswordLinksOfUser } from './password-links.repository.js';

/**
 * `PUT /api/user/password`: the caller's own password, for every role. The current password is checked
 * (counted first, like a sign-in); success ends every other session of the user, any reset link still
 * out, and mails a notice.
 */
export async function changeOwnPassword(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof passwordChangeSchema>,
  ip: string,
): Promise<SignedInUser> {
  const { db, clock } = context;
  const user = await findUserById(db, actor.id);
  if (!user) failNotFound(USER_MESSAGES.notFound);
  await admitPasswordCheck(db, actor.id, clock.now(), PASSWORD_MESSAGES.resetThrottled);
  if (!(await verifyPassword(user.password_hash, input.current_password)))
    failValidation('current_password', PASSWORD_MESSAGES.currentWrong);
  if (input.password === input.current_password) failValidation('password', PASSWORD_MESSAGES.sameAsCurrent);
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, actor.id, {
      password_hash: passwordHash,
      password_state: 'own',
      updated_at: now.toISOString(),
    });
    await deletePasswordLinksOfUser(trx, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: AUTH_AUDIT_ACTIONS.passwordChanged,
      entityType: 'user',
      entityId: actor.id,
      ip,
      at: now,
    });
    await endSessionsFor(trx, {
      actorId: actor.id,
      userId: actor.id,
      reason: 'password_changed',
      exceptTokenId: actor.tokenId,
      ip,
      at: now,
    });
    await queueMail(trx, context, passwordChangedMessage(user, now));
  });
  context.mail.wake();
  // A reset link the new password ended may sit in the outbox folder.
  await removeSpentOutboxLinks(context);
  const updated = await findUserById(db, actor.id);
  if (!updated) failNotFound(USER_MESSAGES.notFound);
  return presentSignedInUser(updated, context.config.require2faRoles);
}
