import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { WorkStatus } from '@portal/contract/work';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../auth/actor.js';
import { listComplianceRuleRows, updateComplianceRule } from '../modules/compliance/compliance.service.js';
import { applyWorkChange, findWorkItemForChange } from '../modules/work/work-changes.service.js';
import { generateWorkItems } from '../modules/work/work-generation.service.js';

/** Which rules of the calendar the demo services file (the admin's choice in a real portal). */
const DEMO_RULES: Record<string, string[]> = {
  'GST Return': ['GSTR1_MONTHLY', 'GSTR3B_MONTHLY'],
  'Income Tax Return (ITR)': ['ITR_NON_AUDIT', 'ADVANCE_TAX'],
  'TAN Registration': ['TDS_PAYMENT', 'TDS_26Q'],
};

/** An acknowledgement number that looks like the form's: a GST ARN, or the 15 digits of the others. */
function acknowledgementOf(title: string, id: number): string {
  const serial = String(id * 7919)
    .padStart(7, '0')
    .slice(-7);
  return title.startsWith('GSTR') ? `AA29${serial}${String(id % 10000).padStart(4, '0')}` : `${'4'.repeat(8)}${serial}`;
}

/**
 * What a year of a firm's work looks like: filed returns with their acknowledgements (a few completed),
 * a few overdue, this fortnight's in progress, waiting for papers or under review, the rest not started.
 */
function demoStatusOf(item: { id: number; due_date: string; title: string }, today: string): WorkStatus {
  if (item.due_date < today) {
    if (item.id % 11 === 0) return 'not_started';
    if (item.id % 13 === 0) return 'in_progress';
    return item.id % 4 === 0 ? 'completed' : 'filed';
  }
  const soon: WorkStatus[] = ['in_progress', 'awaiting_documents', 'under_review'];
  if (item.due_date <= addDays(today, 14)) return soon[item.id % 3] as WorkStatus;
  return 'not_started';
}

/**
 * The calendar tied to the demo services, a year of their work planned and moved through the statuses
 * by the firms' people (through the same rules as the screens). Safe to run again: rules already tied
 * keep their service, generation creates each item once, and a firm whose work has any history is left.
 */
export async function seedDemoWork(context: AppContext, admin: Actor, services: Map<string, number>) {
  const rules = await listComplianceRuleRows(context.db);
  for (const [serviceName, codes] of Object.entries(DEMO_RULES)) {
    const serviceId = services.get(serviceName);
    for (const rule of rules.filter((entry) => codes.includes(entry.code) && entry.service_id === null))
      if (serviceId !== undefined)
        await updateComplianceRule(context, admin, rule.id, { service_id: serviceId }, '127.0.0.1');
  }
  const today = indianDateOf(context.clock.now());
  await generateWorkItems(context, today, { since: addDays(today, -365) });

  const touched = await context.db.selectFrom('work_item_history').select('id').limit(1).executeTakeFirst();
  if (touched) return;
  const items = await context.db
    .selectFrom('work_items')
    .innerJoin('users as client', 'client.id', 'work_items.client_id')
    .select(['work_items.id', 'work_items.due_date', 'work_items.title', 'work_items.assignee_id', 'client.firm_id'])
    .orderBy('work_items.id')
    .execute();
  for (const entry of items) {
    const status = demoStatusOf(entry, today);
    if (status === 'not_started') continue;
    const item = await findWorkItemForChange(context.db, entry.id);
    if (!item) continue;
    const filing = status === 'filed' || status === 'completed';
    const filedOn = addDays(entry.due_date, -(entry.id % 5));
    await applyWorkChange(
      context.db,
      item,
      {
        status,
        ...(filing
          ? { ackNumber: acknowledgementOf(entry.title, entry.id), filedOn: filedOn < today ? filedOn : today }
          : {}),
        // Under review, the firm's MPC checks it (maker-checker), unless it is the MPC's own work.
        ...(status === 'under_review' && entry.assignee_id !== entry.firm_id ? { reviewerId: entry.firm_id } : {}),
      },
      { actorId: entry.assignee_id ?? entry.firm_id, at: context.clock.now(), today },
    );
  }
}
