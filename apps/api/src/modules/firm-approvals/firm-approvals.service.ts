import {
  type FirmApprovalListQuery,
  type FirmRejectInput,
  FIRM_APPROVAL_MESSAGES as M,
  type PendingFirmPage,
} from '@portal/contract/firm-approvals';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound, HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { firmApprovedMessage, firmRejectedMessage } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { endSessionsOfUser } from '../sessions/sessions.service.js';
import { presentPendingFirm } from './firm-approval.presenter.js';
import { findPendingFirmOwner, listPendingFirmOwners, settleFirmApproval } from './firm-approvals.repository.js';

/** `GET /api/firm-approvals`: the queue, oldest first, a page by keyset. */
export async function listPendingFirms(context: AppContext, query: FirmApprovalListQuery): Promise<PendingFirmPage> {
  const rows = await listPendingFirmOwners(context.db, { after: query.after, limit: query.limit + 1 });
  const shown = rows.slice(0, query.limit);
  return {
    data: shown.map(presentPendingFirm),
    next_after: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/**
 * `POST /api/firm-approvals/{id}/approve` or `/reject`: settles a waiting firm once, tells its owner by
 * mail (with the reason when rejected), and writes the activity log; a rejected owner's sessions end.
 */
export async function decideFirm(
  context: AppContext,
  actor: Actor,
  id: number,
  decision: { kind: 'approved' } | ({ kind: 'rejected' } & FirmRejectInput),
  ip: string,
): Promise<void> {
  const owner = await findPendingFirmOwner(context.db, id);
  if (!owner) failNotFound(M.notFound);
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    if (!(await settleFirmApproval(trx, owner.id, decision.kind, now.toISOString())))
      throw new HttpError(409, M.notWaiting);
    if (decision.kind === 'rejected') await endSessionsOfUser(trx, owner.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: decision.kind === 'approved' ? 'firm.approved' : 'firm.rejected',
      entityType: 'user',
      entityId: owner.id,
      ip,
      at: now,
      ...(decision.kind === 'rejected' ? { details: { reason: decision.reason.trim() } } : {}),
    });
    await queueMail(
      trx,
      context,
      decision.kind === 'approved'
        ? firmApprovedMessage(owner, `${context.config.appUrl}/login`)
        : firmRejectedMessage(owner, decision.reason.trim()),
    );
  });
  context.mail.wake();
}
