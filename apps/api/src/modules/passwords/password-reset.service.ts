import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { PASSWORD_MESSAGES, type passwordResetSchema } from '@portal/contract/passwords';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import { hashToken } from '../../auth/tokens.js';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { invitationMessage, passwordResetDoneMessage, resetLinkMessage } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { removeSpentOutboxLinks } from '../mail/outbox-links.js';
import { endSessionsFor } from '../sessions/sessions.service.js';
import {
  admitForgotRequest,
  admitInvitation,
  admitResetAttempt,
  countLinkTo,
} from '../throttles/password-throttles.js';
import { ACCOUNT_SIGN_IN_RULE } from '../throttles/sign-in-throttle.js';
import { clearAttempts, failThrottled } from '../throttles/throttle.service.js';
import { endSignInChallengesOf } from '../two-factor/two-factor-sign-in.service.js';
import {
  findUserById,
  findUserBySignInName,
  requireUserToActOn,
  type UserRow,
  updateUser,
} from '../users/users.service.js';
import { issuePasswordLink } from './password-links.js';
import {
  consumePasswordLink,
  deletePasswordLinksOfUser,
  type PasswordLinkPurpose,
} from './password-links.repository.js';

export const USER_DISABLED_FOR_RESET = 'This user is disabled. Enable it before sending a reset link.';

const fullNameOf = (user: UserRow | undefined) => (user ? fullName(user.first_name, user.last_name) : null);

/** An invitation says who sent it and for which firm (the MPC leading the invitee's). */
async function findInvitationSender(trx: Kysely<DB>, user: UserRow, invitedById: number | null) {
  const inviter = invitedById === null ? undefined : await findUserById(trx, invitedById);
  const ownFirm = user.firm_id === null || user.firm_id === user.id;
  const lead = ownFirm || user.firm_id === null ? undefined : await findUserById(trx, user.firm_id);
  return { invitedBy: fullNameOf(inviter), firmLead: fullNameOf(lead), ownFirm };
}

/** Queues the link's message (an invitation while the user has no password of its own yet). */
async function mailPasswordLink(
  trx: Kysely<DB>,
  context: AppContext,
  user: UserRow,
  purpose: PasswordLinkPurpose,
  sentByFirm = purpose === 'invitation',
  invitedById: number | null = user.created_by,
): Promise<void> {
  // What a firm sends (invitations, links its staff send) counts against its day; a person's own
  // "forgot password" is counted per account and address instead.
  if (sentByFirm && user.firm_id !== null)
    await admitInvitation(trx, user.firm_id, context.config.invitationsPerFirmDay, context.clock.now());
  const link = await issuePasswordLink(trx, context, user.id, purpose);
  const message =
    purpose === 'invitation'
      ? invitationMessage(user, link.url, await findInvitationSender(trx, user, invitedById))
      : resetLinkMessage(user, link.url);
  await queueMail(trx, context, message, link);
}

/**
 * `POST /api/password/forgot`: the same answer whoever is named (docs/decisions/0017). A link goes only
 * to an account that is not disabled and has not had three links this hour; nothing tells the caller.
 */
export async function requestPasswordReset(context: AppContext, identifier: string, ip: string): Promise<void> {
  const { db, clock } = context;
  const now = clock.now();
  await admitForgotRequest(db, ip, now);
  const user = await findUserBySignInName(db, identifier);
  if (!user || user.status === 'deactivated') return;
  if (!(await countLinkTo(db, user.id, now)).allowed) return;
  await db.transaction().execute(async (trx) => {
    await mailPasswordLink(trx, context, user, 'reset');
    await recordAudit(trx, {
      actorId: null,
      action: AUTH_AUDIT_ACTIONS.passwordResetRequested,
      entityType: 'user',
      entityId: user.id,
      ip,
      details: { via: 'forgot_password' },
      at: now,
    });
  });
  context.mail.wake();
  // The link this one replaced may sit in the outbox folder.
  await removeSpentOutboxLinks(context);
}

/**
 * `POST /api/password/reset`: the link is used up and the password set in one transaction, so a failure
 * leaves the link working. Every session ends; the sign-in limit of the account starts afresh.
 */
export async function resetPasswordWithLink(
  context: AppContext,
  input: z.output<typeof passwordResetSchema>,
  ip: string,
): Promise<void> {
  const { db, clock } = context;
  await admitResetAttempt(db, ip, clock.now());
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const done = await db.transaction().execute(async (trx) => {
    const link = await consumePasswordLink(trx, hashToken(input.token), now.toISOString());
    const user = link ? await findUserById(trx, link.user_id) : undefined;
    if (!link || !user || user.status === 'deactivated') return null;
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      password_state: 'own',
      updated_at: now.toISOString(),
    });
    await deletePasswordLinksOfUser(trx, user.id);
    await endSignInChallengesOf(trx, user.id);
    await clearAttempts(trx, ACCOUNT_SIGN_IN_RULE, `user:${user.id}`);
    await recordAudit(trx, {
      actorId: user.id,
      action: AUTH_AUDIT_ACTIONS.passwordReset,
      entityType: 'user',
      entityId: user.id,
      ip,
      details: { purpose: link.purpose },
      at: now,
    });
    await endSessionsFor(trx, {
      actorId: user.id,
      userId: user.id,
      reason: 'password_reset',
      ip,
      at: now,
    });
    // An invitation's first password needs no "was it you?" notice: the invitee just chose it.
    if (link.purpose === 'reset') await queueMail(trx, context, passwordResetDoneMessage(user, now));
    return user;
  });
  if (!done) throw new HttpError(400, PASSWORD_MESSAGES.tokenInvalid);
  context.mail.wake();
  // The link has done its work: its copy in the outbox folder goes now, not at the next hourly pass.
  await removeSpentOutboxLinks(context);
}

/**
 * `POST /api/user/{id}/send-reset`: someone in charge of the user (the access table's `user.send_reset`)
 * mails it a reset link, or its invitation again while it has no password; they never see either.
 */
export async function sendResetLinkToUser(
  context: AppContext,
  actor: Actor,
  userId: number,
  ip: string,
): Promise<void> {
  const { db, clock } = context;
  const target = await requireUserToActOn(context, actor, userId, 'user.send_reset');
  if (target.status === 'deactivated') throw new HttpError(409, USER_DISABLED_FOR_RESET);
  const now = clock.now();
  const counted = await countLinkTo(db, target.id, now);
  if (!counted.allowed) failThrottled(PASSWORD_MESSAGES.forgotThrottled, counted, now);
  const purpose: PasswordLinkPurpose = target.password_state === 'unset' ? 'invitation' : 'reset';
  await db.transaction().execute(async (trx) => {
    await mailPasswordLink(trx, context, target, purpose, true, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: AUTH_AUDIT_ACTIONS.passwordResetRequested,
      entityType: 'user',
      entityId: target.id,
      ip,
      details: { via: 'sent_by_staff', purpose },
      at: now,
    });
  });
  context.mail.wake();
  // As with "forgot password": the link this one replaced may sit in the outbox folder.
  await removeSpentOutboxLinks(context);
}

/** A user created without a password is mailed its invitation in the same transaction (`onUserInvited`). */
export function mailInvitation(context: AppContext, { user }: { user: UserRow }): Promise<void> {
  return mailPasswordLink(context.db, context, user, 'invitation');
}
