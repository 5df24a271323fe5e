import { randomBytes } from 'node:crypto';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../audit/audit.service.js';
import { deleteBillingRecords, unlinkBilledWork } from '../billing/billing-erasure.service.js';
import { purgeFilesOfErasedClient } from '../files/file-erasure.service.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { forgetClientIdentity } from '../users/user-erasure.service.js';
import { findUserById } from '../users/users.service.js';
import { deleteWorkOfErasedClient } from '../work/work-erasure.service.js';
import { planClientRecords } from './client-erasure.service.js';
import {
  deleteRetentionHold,
  isClientHeld,
  listEndedHolds,
  listHeldClientIds,
  type RetentionHoldRow,
} from './retention.repository.js';

const BATCH = 50;

/**
 * One ended hold, in one transaction: the records of its class and year go (work, invoices and receipts,
 * files with every version's blob through a tombstone), or, for the identity a PMLA reporting entity kept,
 * the name and PAN; then the hold row. One `retention.purged` event with counts, no personal data.
 */
async function purgeHold(context: AppContext, hold: RetentionHoldRow, at: Date): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    // Held since the run began (a hold placed meanwhile wins), or taken by another process: nothing to do.
    if (await isClientHeld(trx, hold.client_id)) return;
    if (!(await deleteRetentionHold(trx, hold.id))) return;
    const counts = { work_items: 0, invoices: 0, receipts: 0, files: 0, identity: 0 };
    if (hold.fy_start < 0) {
      await forgetClientIdentity(
        trx,
        hold.client_id,
        { first_name: 'Erased client', last_name: randomBytes(3).toString('hex').toUpperCase() },
        at,
      );
      counts.identity = 1;
    } else {
      const client = await findUserById(trx, hold.client_id);
      if (!client) return;
      const { split } = await planClientRecords(trx, client, hold.held_until);
      const group = [...split.ended, ...split.held].find(
        (candidate) => candidate.recordClass === hold.record_class && candidate.fyStart === hold.fy_start,
      );
      if (group) {
        await unlinkBilledWork(trx, group.workIds);
        counts.work_items = await deleteWorkOfErasedClient(trx, group.workIds);
        await deleteBillingRecords(trx, { invoiceIds: group.invoiceIds, receiptIds: group.receiptIds });
        counts.invoices = group.invoiceIds.length;
        counts.receipts = group.receiptIds.length;
        counts.files = await purgeFilesOfErasedClient(context, trx, hold.client_id, group.fileIds, at);
      }
    }
    await recordAudit(trx, {
      actorId: null,
      action: 'retention.purged',
      entityType: 'user',
      entityId: hold.client_id,
      subjectId: hold.client_id,
      at,
      details: {
        class: hold.record_class,
        year: hold.fy_start < 0 ? null : hold.fy_start,
        until: hold.held_until,
        ...counts,
      },
    });
  });
}

/**
 * The daily purge: every hold whose day has passed (India's calendar), of clients not on legal hold, oldest
 * first. Answers how many holds ended.
 */
export async function purgeEndedRetentionHolds(context: AppContext): Promise<number> {
  const at = context.clock.now();
  const today = indianDateOf(at);
  const except = await listHeldClientIds(context.db);
  let purged = 0;
  for (;;) {
    const batch = await listEndedHolds(context.db, { today, except, limit: BATCH });
    for (const hold of batch) await purgeHold(context, hold, at);
    purged += batch.length;
    if (batch.length < BATCH) return purged;
  }
}

export const RETENTION_TASKS: ScheduledTask[] = [
  {
    name: 'purge-ended-retention',
    everyMs: 24 * 60 * 60 * 1000,
    leaseMs: 60 * 60 * 1000,
    run: (context) => purgeEndedRetentionHolds(context),
  },
];

export function registerRetentionTasks(scheduler: Scheduler): void {
  for (const task of RETENTION_TASKS) scheduler.register(task);
}
