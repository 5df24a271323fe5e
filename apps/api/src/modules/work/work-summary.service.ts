import { addDays, isoDateOf } from '@portal/contract/plain-dates';
import { OPEN_WORK_STATUSES, WORK_STATUSES, type WorkStatus, type WorkSummary } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readsWholeItems, todayOf, workPartsFor } from './work-access.js';
import { countKeptByStatus, countKeptOpenByAssignee, countKeptWork } from './work-counts.repository.js';
import { listNamesOf } from './work-items.repository.js';
import { countByStatus, countOpenByAssignee, countOpenDue } from './work-summaries.repository.js';

type AssigneeCounts = Map<number | null, { open: number; overdue: number }>;

function addAssigneeCounts(into: AssigneeCounts, from: AssigneeCounts) {
  for (const [id, counts] of from) {
    const entry = into.get(id) ?? { open: 0, overdue: 0 };
    into.set(id, { open: entry.open + counts.open, overdue: entry.overdue + counts.overdue });
  }
}

/**
 * The dashboards' numbers: overdue, due in the next seven days, this month by status, open by assignee.
 * Who the items are assigned to only for those who read whole items: a client's items never name them.
 * The MPC's firm is read from its kept counts (docs/decisions/0049-work-counts.md), any other part counted.
 */
export async function summarizeWork(context: AppContext, actor: Actor): Promise<WorkSummary> {
  const parts = await workPartsFor(context, actor);
  const counted = parts.filter((part) => part.wholeFirm === undefined);
  const today = todayOf(context);
  const month = {
    from: `${today.slice(0, 8)}01`,
    to: isoDateOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 31),
  };
  const week = { from: today, to: addDays(today, 6) };
  let overdue = await countOpenDue(context.db, counted, { before: today });
  let dueThisWeek = await countOpenDue(context.db, counted, week);
  const byStatus = await countByStatus(context.db, counted, month);
  const byAssignee: AssigneeCounts = readsWholeItems(actor)
    ? await countOpenByAssignee(context.db, counted, today)
    : new Map();
  const open = [...OPEN_WORK_STATUSES];
  for (const part of parts) {
    if (part.wholeFirm === undefined) continue;
    overdue += await countKeptWork(context.db, part.wholeFirm, { statuses: open, overdueBefore: today });
    dueThisWeek += await countKeptWork(context.db, part.wholeFirm, {
      statuses: open,
      dueFrom: week.from,
      dueTo: week.to,
    });
    for (const [status, count] of await countKeptByStatus(context.db, part.wholeFirm, month))
      byStatus.set(status, (byStatus.get(status) ?? 0) + count);
    if (readsWholeItems(actor))
      addAssigneeCounts(byAssignee, await countKeptOpenByAssignee(context.db, part.wholeFirm, today));
  }
  const names = await listNamesOf(
    context.db,
    [...byAssignee.keys()].filter((id) => id !== null),
  );
  return {
    today,
    overdue,
    due_this_week: dueThisWeek,
    by_status: WORK_STATUSES.map((status: WorkStatus) => ({ status, count: byStatus.get(status) ?? 0 })),
    by_assignee: [...byAssignee.entries()]
      .map(([id, counts]) => ({
        assignee: id === null ? null : { id, name: names.get(id) ?? '' },
        ...counts,
      }))
      .sort((a, b) => b.open - a.open || (a.assignee?.name ?? '').localeCompare(b.assignee?.name ?? '')),
  };
}
