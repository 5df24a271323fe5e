import type { AppContext } from '../../app-context.js';
import { findRule, listExtensions, toDueRule, toExtensionMap } from '../compliance/compliance.repository.js';
import { computeDueDate } from '../compliance/due-dates.js';
import { applyDueDateChanges } from './work-changes.service.js';
import { listOpenItemsOfRule } from './work-items.repository.js';

/**
 * After a rule's dates changed or an extension was recorded: every open item of that rule (of one
 * period, or all) gets the due date the calendar now gives it, each move kept in its history. Items
 * already filed, completed or cancelled keep theirs. Answers how many moved.
 */
export async function syncRuleDueDates(
  context: AppContext,
  ruleId: number,
  actorId: number | null,
  period?: string,
): Promise<number> {
  const rule = await findRule(context.db, ruleId);
  if (!rule) return 0;
  const dueRule = toDueRule(rule);
  const extensions = toExtensionMap((await listExtensions(context.db, [ruleId])).get(ruleId));
  const items = await listOpenItemsOfRule(context.db, ruleId, period);
  const changes = items.flatMap((item) => {
    if (item.period === null) return [];
    const due = computeDueDate(dueRule, item.period, { state: item.state, eventDate: item.event_date, extensions });
    return due === item.due_date ? [] : [{ id: item.id, from: item.due_date, to: due }];
  });
  if (changes.length === 0) return 0;
  await context.db
    .transaction()
    .execute((trx) => applyDueDateChanges(trx, changes, { actorId, at: context.clock.now() }));
  return changes.length;
}
