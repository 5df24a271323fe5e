import type { AuditAction } from '@portal/contract/audit-actions';
import type { NotificationKind } from '@portal/contract/notifications';
import { RETENTION_MESSAGES } from '@portal/contract/retention';
import {
  RIGHTS_MESSAGES as M,
  OPEN_RIGHTS_STATUSES,
  RIGHTS_KIND_LABELS,
  type RightsHistoryAction,
  type RightsKind,
  type RightsRequest,
} from '@portal/contract/rights-requests';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, RightsRequestsTable } from '../../db/schema.js';
import { failConflict, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { formatMailTime } from '../mail/mail-messages.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { findActionableRequest } from './rights-access.js';
import { mailClientAboutRequest, type RightsMail } from './rights-mails.js';
import {
  endDownloadsOfClient,
  insertEvent,
  type RightsRequestRow,
  updateRequestFrom,
} from './rights-requests.repository.js';
import { readRightsRequest } from './rights-requests.service.js';

/** One step of a request: its own history, the activity log, and what the client is told. */
export type RightsStep = {
  action: RightsHistoryAction;
  audit: AuditAction;
  note: string | null;
  notice?: NotificationKind;
  mail?: RightsMail;
};

/** Records a step in the caller's transaction (the request's row already changed, if it does). */
export async function recordStep(
  db: Kysely<DB>,
  context: Pick<AppContext, 'keyring' | 'clock' | 'config'>,
  values: { request: RightsRequestRow; actor: Actor; step: RightsStep; ip: string; at: Date },
): Promise<void> {
  const { request, actor, step, at } = values;
  await insertEvent(db, {
    request_id: request.id,
    action: step.action,
    note: step.note,
    actor_id: actor.id,
    created_at: at.toISOString(),
  });
  await recordAudit(db, {
    actorId: actor.id,
    action: step.audit,
    entityType: 'rights_request',
    entityId: request.id,
    subjectId: request.client_id,
    ip: values.ip,
    // The kind alone: the answer and reason are the client's and the firm's, kept in the request itself.
    details: { kind: request.kind },
    at,
  });
  if (step.notice)
    await notifyUsers(db, {
      recipients: [request.client_id],
      kind: step.notice,
      actorId: actor.id,
      clientId: request.client_id,
      subject: RIGHTS_KIND_LABELS[request.kind as RightsKind] ?? request.kind,
      ...(step.mail?.kind === 'download_ready' ? { detail: formatMailTime(step.mail.expiresAt) } : {}),
      at,
    });
  if (step.mail) await mailClientAboutRequest(db, context, request, step.mail);
}

/**
 * Moves an open request on, with its step, in one transaction: the move is conditional on the request
 * still being open, so of two staff answering at once one answers and the other is told it is closed.
 */
async function moveOpenRequest(
  context: AppContext,
  actor: Actor,
  id: number,
  change: { values: Updateable<RightsRequestsTable>; from?: readonly string[]; step: RightsStep },
  ip: string,
): Promise<RightsRequest> {
  const request = await findActionableRequest(context, actor, id);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const moved = await updateRequestFrom(trx, id, change.from ?? OPEN_RIGHTS_STATUSES, {
      ...change.values,
      updated_at: at.toISOString(),
    });
    if (!moved) failConflict(M.alreadyClosed);
    await recordStep(trx, context, { request, actor, step: change.step, ip, at });
  });
  context.mail.wake();
  return readRightsRequest(context, actor, id);
}

/** `POST /api/rights-requests/{id}/progress`: staff started on it; again on one in progress changes nothing. */
export async function markInProgress(
  context: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<RightsRequest> {
  const request = await findActionableRequest(context, actor, id);
  if (request.status === 'in_progress') return readRightsRequest(context, actor, id);
  if (request.status !== 'received') failConflict(M.alreadyClosed);
  return moveOpenRequest(
    context,
    actor,
    id,
    {
      values: { status: 'in_progress' },
      from: ['received'],
      step: { action: 'in_progress', audit: 'rights.progress', note: null },
    },
    ip,
  );
}

/** `POST /api/rights-requests/{id}/answer`: the answer, shown and mailed to the client with the contact. */
export function answerRequest(
  context: AppContext,
  actor: Actor,
  id: number,
  input: { answer: string },
  ip: string,
): Promise<RightsRequest> {
  const answered = describeAnswer(input.answer, actor.id, context.clock.now().toISOString());
  return moveOpenRequest(
    context,
    actor,
    id,
    { values: answered.values, step: { ...answered.step, notice: 'rights_answered' } },
    ip,
  );
}

/** The row's change and the step of an answer: a staff answer and an erasure's answer alike. */
function describeAnswer(answer: string, actorId: number, at: string) {
  return {
    values: { status: 'answered', is_open: 0, answer, answered_at: at, answered_by: actorId },
    step: { action: 'answered', audit: 'rights.answer', note: answer, mail: { kind: 'answered', text: answer } },
  } satisfies { values: Updateable<RightsRequestsTable>; step: RightsStep };
}

/** `POST /api/rights-requests/{id}/close`: refused or closed, the reason shown and mailed to the client. */
export function closeRequest(
  context: AppContext,
  actor: Actor,
  id: number,
  input: { reason: string },
  ip: string,
): Promise<RightsRequest> {
  const at = context.clock.now().toISOString();
  return moveOpenRequest(
    context,
    actor,
    id,
    {
      values: { status: 'closed', is_open: 0, close_reason: input.reason, closed_at: at, closed_by: actor.id },
      step: {
        action: 'closed',
        audit: 'rights.close',
        note: input.reason,
        notice: 'rights_closed',
        mail: { kind: 'closed', text: input.reason },
      },
    },
    ip,
  );
}

/**
 * The erasure request an erasure answers (the `retention` module, read before its transaction): this
 * client's, for erasure, open, and one the caller may act on; else 422 on `rights_request_id`.
 */
export async function findErasureRequestToAnswer(
  context: AppContext,
  actor: Actor,
  values: { requestId: number; clientId: number },
): Promise<RightsRequestRow> {
  const request = await findActionableRequest(context, actor, values.requestId).catch(() => undefined);
  if (!request || request.client_id !== values.clientId || request.kind !== 'erasure' || request.is_open !== 1)
    return failValidation('rights_request_id', RETENTION_MESSAGES.requestInvalid);
  return request;
}

/**
 * Answers that request inside the erasure's transaction, before the client's address goes: what was
 * removed and what is kept until when, mailed to the client with the firm's contact. A request closed
 * meanwhile by someone else fails the erasure (422) rather than answer twice.
 */
export async function answerErasureRequest(
  db: Kysely<DB>,
  context: Pick<AppContext, 'keyring' | 'clock' | 'config'>,
  values: { request: RightsRequestRow; actor: Actor; answer: string; ip: string; at: Date },
): Promise<void> {
  const { request } = values;
  const at = values.at.toISOString();
  const answered = describeAnswer(values.answer, values.actor.id, at);
  const moved = await updateRequestFrom(db, request.id, OPEN_RIGHTS_STATUSES, { ...answered.values, updated_at: at });
  if (!moved) failValidation('rights_request_id', RETENTION_MESSAGES.requestInvalid);
  await recordStep(db, context, { request, actor: values.actor, step: answered.step, ip: values.ip, at: values.at });
}

/** Erasing a client (the `retention` module): an access download not yet taken can no longer be taken. */
export function endDownloadsOfErasedClient(db: Kysely<DB>, clientId: number, at: Date): Promise<number> {
  return endDownloadsOfClient(db, clientId, at.toISOString());
}
