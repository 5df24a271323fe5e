import { indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { findComplianceRule, listRuleExtensions } from '../compliance/compliance.service.js';
import type { RuleChange } from '../compliance/compliance-hooks.js';
import { computeDueDate, toDueRule, toExtensionMap } from '../compliance/due-dates.js';
import { applyDueDateChanges } from './work-changes.service.js';
import { generateWorkItems } from './work-generation.service.js';
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
  const rule = await findComplianceRule(context.db, ruleId);
  if (!rule) return 0;
  const dueRule = toDueRule(rule);
  const extensions = toExtensionMap((await listRuleExtensions(context.db, [ruleId])).get(ruleId));
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

/**
 * What follows a rule's change (`onRuleChanged`): its open items move to the dates it now gives, then
 * the periods it now plans get their items.
 */
export async function followRuleChange(context: AppContext, change: RuleChange): Promise<void> {
  if (change.datesChanged) await syncRuleDueDates(context, change.ruleId, change.actorId, change.period);
  if (change.generates) await generateWorkItems(context, indianDateOf(change.at), { ruleId: change.ruleId });
}
