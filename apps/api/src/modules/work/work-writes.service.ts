import { READY_MESSAGES } from '@portal/contract/billing-ready';
import { CHECKLIST_MESSAGES } from '@portal/contract/checklists';
import {
  WORK_MESSAGES as M,
  type WorkItemAnswer,
  type WorkStatus,
  type WorkUpdate,
  type workCreateSchema,
} from '@portal/contract/work';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { clientHasService, readClientServiceAccess } from '../client-services/client-services.service.js';
import { findComplianceRule, listRuleExtensions } from '../compliance/compliance.service.js';
import { computeDueDate, toDueRule, toExtensionMap } from '../compliance/due-dates.js';
import { readChecklistBeforeClosing, readCompleteOnlyWhenBilled } from '../firm-settings/firm-settings.service.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { findReachableWorkItem, todayOf } from './work-access.js';
import { assertAssignable } from './work-assignees.js';
import { applyWorkChange, type WorkChange } from './work-changes.service.js';
import { defaultAssigneeOf } from './work-defaults.js';
import { countOpenChecklistSteps, isUnbilledFeeItem, onWorkItemsCreated } from './work-hooks.js';
import type { WorkItemRow } from './work-item-query.js';
import { insertWorkItem } from './work-items.repository.js';
import { noticeWorkFiled, notifyWorkChange } from './work-notices.js';
import { readWorkItem } from './work-reads.service.js';
import { assertMayChange, isReviewDecision, settleReview } from './work-review.js';
import { sendReviewRequestMail } from './work-review-mail.js';
import { applyUdinChange } from './work-udin.js';

/** `POST /api/work`: a one-off item for a client service the caller reaches; its PC or executor by default. */
export async function createWorkItem(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof workCreateSchema>,
  ip?: string,
): Promise<WorkItemAnswer> {
  const access = await readClientServiceAccess(
    context.db,
    actor,
    { clientId: input.client_id, serviceId: input.service_id },
    ['work.create'],
  );
  if (!access?.allows('work.create') || access.client.firmId === null) failNotFound(M.clientNotFound);
  const { client, handlers } = access;
  const firmId = access.client.firmId;
  if (!(await clientHasService(context.db, client.id, input.service_id)))
    failValidation('service_id', M.serviceNotOfClient);
  // Whoever the caller names must be its to assign; by default the service's own handler (which, for a
  // service handed to another firm, is that firm's MPC).
  if (input.assignee_id !== undefined) await assertAssignable(context, actor, input.assignee_id);
  const assigneeId =
    input.assignee_id !== undefined
      ? input.assignee_id
      : defaultAssigneeOf({ assign_service_type: client.assignsToStaff ? 1 : 0, ...handlers });
  const at = context.clock.now();
  const now = at.toISOString();
  const id = await context.db.transaction().execute(async (trx) => {
    const created = await insertWorkItem(trx, {
      firm_id: firmId,
      client_id: client.id,
      service_id: input.service_id,
      rule_id: null,
      period: input.period ?? null,
      title: input.title,
      due_date: input.due_date,
      event_date: null,
      assignee_id: assigneeId,
      status: 'not_started',
      is_open: 1,
      filed_on: null,
      ack_number: null,
      notes: input.notes || null,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    // Someone else given the new item hears of it (docs/notifications.md).
    const about = { workItemId: created, clientId: client.id, serviceId: input.service_id, subject: input.title };
    await notifyUsers(trx, { ...about, recipients: [assigneeId], kind: 'work_assigned', actorId: actor.id, at });
    // Its checklist: the template in force for the firm and service (a listener, app.ts).
    await onWorkItemsCreated.fire(trx, { workIds: [created] });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'work.create',
      entityType: 'work_item',
      entityId: created,
      subjectId: client.id,
      details: { service_id: input.service_id, assignee: assigneeId },
      ...(ip ? { ip } : {}),
      at,
    });
    return created;
  });
  return readWorkItem(context, actor, id);
}

/** An event date moves a statutory item's due date: counted from it as its rule says (in the client's state). */
async function dueDateFromEvent(
  context: AppContext,
  item: { ruleId: number; period: string; state: string | null },
  eventDate: string | null,
) {
  const rule = await findComplianceRule(context.db, item.ruleId);
  if (!rule) return undefined;
  const extensions = toExtensionMap((await listRuleExtensions(context.db, [item.ruleId])).get(item.ruleId));
  return computeDueDate(toDueRule(rule), item.period, { eventDate, extensions, state: item.state });
}

/**
 * A firm that holds filing until the checklist is done (its setting, docs/decisions/0030): an item moving
 * to filed or completed with steps open answers 422 naming how many.
 */
async function assertChecklistDone(db: Kysely<DB>, row: WorkItemRow, status: WorkStatus): Promise<void> {
  if (status !== 'filed' && status !== 'completed') return;
  if (!(await readChecklistBeforeClosing(db, row.firm_id))) return;
  const open = await countOpenChecklistSteps.call(db, row.id);
  if (open > 0) failValidation('status', CHECKLIST_MESSAGES.stepsOpen(open));
}

/**
 * A firm that completes fee-bearing work only once billed (its setting, docs/billing.md): an item moving
 * to completed that billing says is charged per item and unbilled answers 422.
 */
async function assertBilledBeforeCompleting(db: Kysely<DB>, row: WorkItemRow, status: WorkStatus): Promise<void> {
  if (status !== 'completed' || !(await readCompleteOnlyWhenBilled(db, row.firm_id))) return;
  if (await isUnbilledFeeItem.call(db, row.id)) failValidation('status', READY_MESSAGES.unbilledWork);
}

/** `PUT /api/work/{id}`: status, assignee, filing, notes, review; title and due date of one-off items only. */
export async function updateWorkItem(
  context: AppContext,
  actor: Actor,
  workId: number,
  input: WorkUpdate,
  ip?: string,
): Promise<WorkItemAnswer> {
  const row = await findReachableWorkItem(context, actor, workId);
  await assertMayChange(context, actor, row, input);
  const statutory = row.rule_id !== null;
  if (statutory && input.due_date !== undefined && input.due_date !== row.due_date)
    failValidation('due_date', M.dueDateOfRule);
  if (statutory && input.title !== undefined && input.title !== row.title) failValidation('title', M.titleOfRule);
  if (input.event_date !== undefined && row.event_name === null) failValidation('event_date', M.eventDateNotEvent);
  if (input.assignee_id !== undefined && input.assignee_id !== row.assignee_id)
    await assertAssignable(context, actor, input.assignee_id);

  const change: WorkChange = {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.assignee_id !== undefined ? { assigneeId: input.assignee_id } : {}),
    ...(!statutory && input.title !== undefined ? { title: input.title } : {}),
    ...(!statutory && input.due_date !== undefined ? { dueDate: input.due_date } : {}),
    ...(input.filed_on !== undefined ? { filedOn: input.filed_on } : {}),
    ...(input.ack_number !== undefined ? { ackNumber: input.ack_number } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(await settleReview(context, actor, row, input)),
  };
  if (input.event_date !== undefined && row.rule_id !== null && row.period !== null) {
    change.eventDate = input.event_date;
    const item = { ruleId: row.rule_id, period: row.period, state: row.client_state };
    const due = await dueDateFromEvent(context, item, input.event_date);
    if (due) change.dueDate = due;
  }
  const by = { actorId: actor.id, at: context.clock.now(), today: todayOf(context), ip };
  await context.db.transaction().execute(async (trx) => {
    if (change.status !== undefined && change.status !== row.status) {
      await assertChecklistDone(trx, row, change.status);
      await assertBilledBeforeCompleting(trx, row, change.status);
    }
    const history = await applyWorkChange(trx, row, change, by);
    await applyUdinChange(trx, row, input, by);
    const notice = await notifyWorkChange(trx, row, history, { ...by, reviewed: isReviewDecision(row, input) });
    if (notice.reviewRequestedOf !== null) {
      const mail = { workItemId: row.id, reviewerId: notice.reviewRequestedOf, actorId: actor.id };
      await sendReviewRequestMail(trx, context, { ...mail, note: input.review_note ?? null });
    }
    await noticeWorkFiled(trx, context, row, history, by);
  });
  return readWorkItem(context, actor, row.id);
}
