import { isOpenStatus, type WorkStatus } from '@portal/contract/work';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { failConflict } from '../../http/http-error.js';
import { applyWorkChange, type ChangeBy, findWorkItemForChange } from '../work/work-changes.service.js';
import type { WorkItemChanged } from '../work/work-hooks.js';
import { recordRequestEvent } from './request-audit.js';
import { cancelOpenRequestsOfWork, listOpenRequestsOfWork, lockWorkItem } from './requests.repository.js';

/**
 * How a request moves its work item (docs/compliance-calendar.md, "Document requests"): the item waits
 * (`awaiting_documents`) while any request of it is open, and when the last one closes (complete or
 * cancelled) it goes back to the status the first of them found, unless staff moved it on meanwhile.
 * Both run in the caller's transaction with the item held, through `applyWorkChange` (its history).
 */
export async function holdWorkForRequest(
  db: Kysely<DB>,
  context: Pick<AppContext, 'dialect'>,
  workId: number,
  by: ChangeBy,
  closedMessage: string,
): Promise<{ statusBefore: WorkStatus; firmId: number }> {
  await lockWorkItem(db, context.dialect, workId);
  const item = await findWorkItemForChange(db, workId);
  if (!item || !isOpenStatus(item.status as WorkStatus)) failConflict(closedMessage);
  const [earliest] = await listOpenRequestsOfWork(db, workId);
  // Already waiting: for an open request (its status to go back to), or because staff set it so (the
  // documents then arrive for the work to go on).
  const statusBefore = (
    item.status !== 'awaiting_documents' ? item.status : (earliest?.work_status_before ?? 'in_progress')
  ) as WorkStatus;
  if (item.status !== 'awaiting_documents') await applyWorkChange(db, item, { status: 'awaiting_documents' }, by);
  return { statusBefore, firmId: item.firm_id };
}

/** A request closed: its item goes back when no other request of it is open and it is still waiting. */
export async function releaseWorkAfterRequest(
  db: Kysely<DB>,
  context: Pick<AppContext, 'dialect'>,
  request: { id: number; workId: number; statusBefore: string },
  by: ChangeBy,
): Promise<void> {
  await lockWorkItem(db, context.dialect, request.workId);
  if ((await listOpenRequestsOfWork(db, request.workId, request.id)).length > 0) return;
  const item = await findWorkItemForChange(db, request.workId);
  if (item?.status !== 'awaiting_documents') return;
  await applyWorkChange(db, item, { status: request.statusBefore as WorkStatus }, by);
}

/**
 * A work item filed, completed or cancelled (`onWorkItemChanged`): nothing is awaited from the client
 * any more, so its open requests are cancelled and stop reminding it (docs/compliance-calendar.md).
 */
export async function cancelRequestsOfClosedWork(db: Kysely<DB>, change: WorkItemChanged): Promise<void> {
  if (!change.wasOpen || change.isOpen) return;
  const cancelled = await cancelOpenRequestsOfWork(db, change.workId, { actorId: change.actorId, at: change.at });
  for (const request of cancelled)
    await recordRequestEvent(
      db,
      'request.cancel',
      { requestId: request.id, clientId: request.client_id },
      { actorId: change.actorId, at: new Date(change.at) },
      { work_item_closed: true },
    );
}
