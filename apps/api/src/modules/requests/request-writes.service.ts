import {
  type DocumentRequest,
  REQUEST_MESSAGES as M,
  type RequestCreate,
  type requestReviewSchema,
} from '@portal/contract/requests';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failNotFound, failValidation } from '../../http/http-error.js';
import { readRequestReminderDays } from '../firm-settings/firm-settings.service.js';
import { noticeOwner } from '../notifications/owner-notices.js';
import { assertWorkAllows, findReachableWorkItem, todayOf } from '../work/work-access.js';
import type { ChangeBy } from '../work/work-changes.service.js';
import { recordRequestEvent } from './request-audit.js';
import { sendRequestMadeMail } from './request-mails.js';
import { noticeDocumentRejected, noticeRequestMade } from './request-notices.js';
import { findReachableRequest, readRequest } from './request-reads.service.js';
import { nextReminderAt } from './request-reminders.js';
import { holdWorkForRequest, releaseWorkAfterRequest } from './request-work-status.js';
import {
  countUnaccepted,
  findRequestItem,
  insertRequest,
  insertRequestItems,
  lockOpenRequest,
  lockWorkItem,
  type RequestRow,
  updateRequest,
  updateRequestItem,
} from './requests.repository.js';

const changeBy = (context: AppContext, actor: Actor, ip?: string): ChangeBy => ({
  actorId: actor.id,
  at: context.clock.now(),
  today: todayOf(context),
  ip,
});

/** The request, if the caller may act on it (`request.manage`): out of sight 404, in sight but not its to change 403. */
export async function findManagedRequest(context: AppContext, actor: Actor, requestId: number): Promise<RequestRow> {
  const row = await findReachableRequest(context, actor, requestId);
  await assertWorkAllows(context, actor, row.id, 'request.manage');
  return row;
}

/**
 * `POST /api/work/{id}/requests`: the checklist is asked of the item's client, the item waits for it
 * (`awaiting_documents`), and the request mail is claimed and queued, all in one transaction.
 */
export async function createRequest(
  context: AppContext,
  actor: Actor,
  workId: number,
  input: RequestCreate,
  ip?: string,
): Promise<DocumentRequest> {
  const work = await findReachableWorkItem(context, actor, workId, 'request.manage');
  if (input.due_date < todayOf(context)) failValidation('due_date', M.dueDatePast);
  const by = changeBy(context, actor, ip);
  const at = by.at.toISOString();
  const requestId = await context.db.transaction().execute(async (trx) => {
    const { statusBefore, firmId } = await holdWorkForRequest(trx, context, work.id, by, M.workClosed);
    const days = await readRequestReminderDays(trx, firmId);
    const id = await insertRequest(trx, {
      work_item_id: work.id,
      firm_id: firmId,
      client_id: work.client_id,
      service_id: work.service_id,
      message: input.message || null,
      due_date: input.due_date,
      status: 'open',
      work_status_before: statusBefore,
      reminders_sent: 0,
      last_mailed_at: at,
      next_reminder_at: nextReminderAt(at, days),
      created_by: actor.id,
      created_at: at,
      updated_at: at,
      closed_at: null,
      closed_by: null,
    });
    await insertRequestItems(
      trx,
      input.items.map((name, position) => ({
        request_id: id,
        position,
        name,
        status: 'pending',
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
        updated_at: at,
      })),
    );
    await sendRequestMadeMail(trx, context, id);
    await noticeRequestMade(trx, { work, requestId: id, actorId: actor.id, documents: input.items, at: by.at });
    await recordRequestEvent(trx, 'request.create', { requestId: id, clientId: work.client_id }, by, {
      work_item_id: work.id,
      documents: input.items.length,
    });
    return id;
  });
  context.mail.wake();
  return readRequest(context, actor, requestId);
}

/** Closes a request held by the caller's transaction, and lets its work item go on. */
async function closeRequest(
  trx: Kysely<DB>,
  context: AppContext,
  row: RequestRow,
  status: 'complete' | 'cancelled',
  by: ChangeBy,
): Promise<void> {
  const at = by.at.toISOString();
  await updateRequest(trx, row.request_id, {
    status,
    next_reminder_at: null,
    closed_at: at,
    closed_by: by.actorId,
    updated_at: at,
  });
  const action = status === 'complete' ? 'request.complete' : 'request.cancel';
  await recordRequestEvent(trx, action, { requestId: row.request_id, clientId: row.client_id }, by);
  await releaseWorkAfterRequest(
    trx,
    context,
    { id: row.request_id, workId: row.id, statusBefore: row.request_work_status_before },
    by,
  );
}

/** `POST /api/requests/{id}/cancel`: no more reminders; the work item goes back as when it completes. */
export async function cancelRequest(
  context: AppContext,
  actor: Actor,
  requestId: number,
  ip?: string,
): Promise<DocumentRequest> {
  const row = await findManagedRequest(context, actor, requestId);
  const by = changeBy(context, actor, ip);
  await context.db.transaction().execute(async (trx) => {
    await lockWorkItem(trx, context.dialect, row.id);
    if (!(await lockOpenRequest(trx, row.request_id, by.at.toISOString()))) failConflict(M.notOpen);
    await closeRequest(trx, context, row, 'cancelled', by);
  });
  return readRequest(context, actor, requestId);
}

/**
 * `PUT /api/requests/{id}/items/{item_id}`: an uploaded document accepted, or rejected with the reason
 * the client reads (it uploads again). The last document accepted completes the request.
 */
export async function reviewRequestItem(
  context: AppContext,
  actor: Actor,
  requestId: number,
  itemId: number,
  input: z.output<typeof requestReviewSchema>,
  ip?: string,
): Promise<DocumentRequest> {
  const row = await findManagedRequest(context, actor, requestId);
  if (!(await findRequestItem(context.db, requestId, itemId))) failNotFound(M.itemNotFound);
  const by = changeBy(context, actor, ip);
  const at = by.at.toISOString();
  await context.db.transaction().execute(async (trx) => {
    await lockWorkItem(trx, context.dialect, row.id);
    if (!(await lockOpenRequest(trx, requestId, at))) failConflict(M.notOpen);
    const item = await findRequestItem(trx, requestId, itemId);
    if (item?.status === 'accepted') failConflict(M.alreadyAccepted);
    if (item?.status !== 'uploaded') failConflict(M.nothingToReview);
    await updateRequestItem(trx, itemId, {
      status: input.status,
      reason: input.status === 'rejected' ? (input.reason as string) : null,
      reviewed_by: actor.id,
      reviewed_at: at,
      updated_at: at,
    });
    const action = input.status === 'accepted' ? 'request.accept' : 'request.reject';
    await recordRequestEvent(trx, action, { requestId, clientId: row.client_id }, by, { item_id: itemId });
    if (input.status === 'rejected')
      await noticeDocumentRejected(trx, {
        work: row,
        requestId,
        actorId: actor.id,
        document: item.name,
        reason: input.reason as string,
        at: by.at,
      });
    if (input.status === 'accepted')
      await noticeOwner(trx, context, {
        kind: 'owner_document_accepted',
        firmId: row.firm_id,
        actorId: actor.id,
        clientId: row.client_id,
        serviceId: row.service_id,
        workItemId: row.id,
        requestId,
        subject: row.title,
        detail: item.name,
        at: by.at,
      });
    if (input.status === 'accepted' && (await countUnaccepted(trx, requestId)) === 0)
      await closeRequest(trx, context, row, 'complete', by);
  });
  return readRequest(context, actor, requestId);
}
