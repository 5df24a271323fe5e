import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { noticeOwner } from '../notifications/owner-notices.js';
import type { HistoryValues } from './work-items.repository.js';

type ChangedItem = {
  status: string;
  id: number;
  client_id: number;
  service_id: number;
  title: string;
  assignee_id: number | null;
  reviewer_id: number | null;
};
type FiledItem = ChangedItem & { firm_id: number; filed_on: string | null; ack_number: string | null };

/**
 * Tells people what a change of a work item means for them (docs/notifications.md), in the change's
 * transaction: the person it was just assigned to; the assignee of a changed status (someone else moved
 * their work); and the client when its item is filed; the reviewer asked to check it, and the maker of its
 * decision (maker-checker). Whoever made the change is never told of it. Answers who was asked to review.
 */
export async function notifyWorkChange(
  db: Kysely<DB>,
  item: ChangedItem,
  history: HistoryValues[],
  by: { actorId: number | null; at: Date; reviewed?: boolean },
): Promise<{ reviewRequestedOf: number | null }> {
  const changed = (field: string) => history.find((entry) => entry.field === field);
  const assignee = changed('assignee');
  const status = changed('status');
  const subject = changed('title')?.to ?? item.title;
  const about = { actorId: by.actorId, workItemId: item.id, clientId: item.client_id, serviceId: item.service_id };
  const assigneeNow = assignee ? (assignee.to === null ? null : Number(assignee.to)) : item.assignee_id;
  if (assignee && assigneeNow !== null)
    await notifyUsers(db, { ...about, recipients: [assigneeNow], kind: 'work_assigned', subject, at: by.at });
  // Maker-checker: the reviewer hears it has an item to check; the maker hears the reviewer's decision.
  const reviewer = changed('reviewer');
  const reviewerNow = reviewer ? (reviewer.to === null ? null : Number(reviewer.to)) : item.reviewer_id;
  const underReview = status ? status.to === 'under_review' : item.status === 'under_review';
  const reviewRequestedOf = underReview && (status || reviewer) ? reviewerNow : null;
  if (reviewRequestedOf !== null)
    await notifyUsers(db, {
      ...about,
      recipients: [reviewRequestedOf],
      kind: 'work_review_requested',
      subject,
      at: by.at,
    });
  if (by.reviewed && status?.to && assigneeNow !== null)
    await notifyUsers(db, {
      ...about,
      recipients: [assigneeNow],
      kind: 'work_reviewed',
      subject,
      detail: status.to,
      at: by.at,
    });
  if (status?.to) {
    const told = assignee || by.reviewed;
    const recipients = [told ? null : assigneeNow, status.to === 'filed' ? item.client_id : null];
    await notifyUsers(db, { ...about, recipients, kind: 'work_status', subject, detail: status.to, at: by.at });
  }
  return { reviewRequestedOf };
}

/**
 * An item moved to filed or completed: its firm's MPC hears of it (and the firm's dashboard lists it),
 * whoever of the firm, or of a firm it is delegated to, moved it (docs/notifications.md).
 */
export async function noticeWorkFiled(
  db: Kysely<DB>,
  context: Pick<AppContext, 'keyring' | 'clock' | 'config'>,
  item: FiledItem,
  history: HistoryValues[],
  by: { actorId: number; at: Date },
): Promise<void> {
  const changed = (field: string) => history.find((entry) => entry.field === field);
  const status = changed('status')?.to;
  if (status !== 'filed' && status !== 'completed') return;
  const ack = changed('ack_number') ? (changed('ack_number')?.to ?? null) : item.ack_number;
  const filedOn = changed('filed_on') ? (changed('filed_on')?.to ?? null) : item.filed_on;
  const label = WORK_STATUS_LABELS[status as WorkStatus];
  await noticeOwner(db, context, {
    kind: 'owner_work_filed',
    firmId: item.firm_id,
    actorId: by.actorId,
    clientId: item.client_id,
    serviceId: item.service_id,
    workItemId: item.id,
    subject: changed('title')?.to ?? item.title,
    detail: ack ? `${label}, ARN ${ack}` : label,
    ackNumber: ack,
    happenedOn: filedOn,
    at: by.at,
  });
}
