import {
  type ComplianceRule,
  COMPLIANCE_MESSAGES as M,
  type ruleExtensionSchema,
  type ruleUpdateSchema,
} from '@portal/contract/compliance';
import { parsePeriod } from '@portal/contract/compliance-periods';
import { normalizeState } from '@portal/contract/indian-states';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentRule } from './compliance.presenter.js';
import {
  type ExtensionRow,
  findRule,
  listExtensions,
  listGeneratingRules,
  listRules,
  type RuleRow,
  serviceExists,
  updateRule,
  upsertExtension,
} from './compliance.repository.js';
import { onRuleChanged } from './compliance-hooks.js';

/** `GET /api/compliance/rules`: the whole calendar with its extensions, for everyone signed in. */
export async function listComplianceRules(context: AppContext): Promise<ComplianceRule[]> {
  const [rules, extensions] = await Promise.all([listRules(context.db), listExtensions(context.db)]);
  return rules.map((rule) => presentRule(rule, extensions.get(rule.id)));
}

async function readRule(context: AppContext, ruleId: number): Promise<ComplianceRule> {
  const rule = (await findRule(context.db, ruleId)) as RuleRow;
  return presentRule(rule, (await listExtensions(context.db, [ruleId])).get(ruleId));
}

/** The rule, or 404: an admin's change names a rule of the calendar. */
async function requireRule(context: AppContext, ruleId: number): Promise<RuleRow> {
  const rule = await findRule(context.db, ruleId);
  if (!rule) failNotFound(M.notFound);
  return rule;
}

const generates = (rule: { enabled: number; service_id: number | null }) =>
  rule.enabled === 1 && rule.service_id !== null;

/**
 * `PUT /api/compliance/rules/{id}` (admin): tie the rule to a catalogue service, turn it on or off,
 * rename it, or change its day. A rule that starts planning (newly tied, or enabled again) plans from
 * today, not from the past; open items follow changed dates; work is planned at once.
 */
export async function updateComplianceRule(
  context: AppContext,
  actor: Actor,
  ruleId: number,
  input: z.output<typeof ruleUpdateSchema>,
  ip: string,
): Promise<ComplianceRule> {
  const rule = await requireRule(context, ruleId);
  if (input.service_id != null && !(await serviceExists(context.db, input.service_id)))
    failValidation('service_id', M.serviceNotFound);
  if (input.days_after_event !== undefined && rule.days_after_event === null)
    failValidation('days_after_event', M.daysAfterEventNotEvent);
  const now = context.clock.now();
  const next = {
    service_id: input.service_id !== undefined ? input.service_id : rule.service_id,
    enabled: input.enabled !== undefined ? (input.enabled ? 1 : 0) : rule.enabled,
  };
  const starts = generates(next) && (!generates(rule) || next.service_id !== rule.service_id);
  const datesChanged =
    (input.due_day !== undefined && input.due_day !== rule.due_day) ||
    (input.months_after !== undefined && input.months_after !== rule.months_after) ||
    (input.days_after_event !== undefined && input.days_after_event !== rule.days_after_event);
  await context.db.transaction().execute(async (trx) => {
    await updateRule(trx, rule.id, {
      ...next,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.due_day !== undefined ? { due_day: input.due_day } : {}),
      ...(input.months_after !== undefined ? { months_after: input.months_after } : {}),
      ...(input.days_after_event !== undefined ? { days_after_event: input.days_after_event } : {}),
      ...(starts ? { active_since: now.toISOString() } : {}),
      updated_by: actor.id,
      updated_at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'compliance.rule.update',
      entityType: 'compliance_rule',
      entityId: rule.id,
      ip,
      at: now,
      details: { ...input },
    });
  });
  await onRuleChanged.fire(context, {
    ruleId: rule.id,
    actorId: actor.id,
    datesChanged,
    generates: generates(next),
    at: now,
  });
  return readRule(context, rule.id);
}

/**
 * `POST /api/compliance/rules/{id}/extensions` (admin): the government moved one period's due date.
 * A second extension of the same period (and the same states, when it names some) replaces the first;
 * that period's open items move with it (in the states named, when it names some).
 */
export async function recordRuleExtension(
  context: AppContext,
  actor: Actor,
  ruleId: number,
  input: z.output<typeof ruleExtensionSchema>,
  ip: string,
): Promise<ComplianceRule> {
  const rule = await requireRule(context, ruleId);
  if (parsePeriod(input.period)?.frequency !== rule.frequency)
    failValidation('period', M.periodWrongKind.replace('{frequency}', rule.frequency.replace('ly', '')));
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const states = input.states ?? [];
    await upsertExtension(
      trx,
      {
        ruleId: rule.id,
        period: input.period,
        dueDate: input.due_date,
        note: input.note || null,
        actorId: actor.id,
        now: now.toISOString(),
        states,
      },
      states.map(normalizeState).sort().join('|'),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'compliance.rule.extension',
      entityType: 'compliance_rule',
      entityId: rule.id,
      ip,
      at: now,
      details: { period: input.period, due_date: input.due_date, states: input.states ?? [] },
    });
  });
  // An extension can also bring a period into the planning window (or keep one in it).
  await onRuleChanged.fire(context, {
    ruleId: rule.id,
    actorId: actor.id,
    datesChanged: true,
    period: input.period,
    generates: generates(rule),
    at: now,
  });
  return readRule(context, rule.id);
}

export type { RuleRow };

/** A rule as it stands (the planner and a work item's due date read it). */
export function findComplianceRule(db: Kysely<DB>, ruleId: number): Promise<RuleRow | undefined> {
  return findRule(db, ruleId);
}

/** Every rule, for demo data and the calendar. */
export function listComplianceRuleRows(db: Kysely<DB>): Promise<RuleRow[]> {
  return listRules(db);
}

/** The rules that plan work (enabled, with a service), or the one rule asked for if it does. */
export function listRulesThatPlan(db: Kysely<DB>, ruleId?: number): Promise<RuleRow[]> {
  return listGeneratingRules(db, ruleId);
}

/** The government's extensions, by rule. */
export function listRuleExtensions(db: Kysely<DB>, ruleIds?: number[]): Promise<Map<number, ExtensionRow[]>> {
  return listExtensions(db, ruleIds);
}
