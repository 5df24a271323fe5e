import { labelPeriod } from '@portal/contract/compliance-periods';
import { indianDateOf } from '@portal/contract/plain-dates';
import { ROLE_ID } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { joinServiceHandling } from '../../src/db/service-handling.js';
import { listRuleExtensions, listRulesThatPlan } from '../../src/modules/compliance/compliance.service.js';
import {
  listPeriodsDueBetween,
  ruleAppliesIn,
  toDueRule,
  toExtensionMap,
} from '../../src/modules/compliance/due-dates.js';
import { defaultAssigneeOf } from '../../src/modules/work/work-defaults.js';
import { GENERATION_HORIZON_DAYS } from '../../src/modules/work/work-generation.service.js';

export type ExpectedItem = {
  firm_id: number;
  client_id: number;
  service_id: number;
  rule_id: number;
  period: string;
  title: string;
  due_date: string;
  assignee_id: number | null;
};

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The first daily run as the generator planned it before issue 26, one client service at a time (the
 * per-client loop of work-generation.service.ts as it stood): the oracle the set-based generator is
 * compared with. Every client service of an enabled, tied rule, from the later of the day the client
 * took it and the day the rule began planning, to `today` + 90 days.
 */
export async function planOneClientAtATime(db: Kysely<DB>, today: string): Promise<ExpectedItem[]> {
  const rules = await listRulesThatPlan(db);
  const extensions = await listRuleExtensions(
    db,
    rules.map((rule) => rule.id),
  );
  const horizon = addDays(today, GENERATION_HORIZON_DAYS);
  const pairs = await db
    .selectFrom('user_services as taken')
    .innerJoin('users as client', 'client.id', 'taken.user_id')
    .$call(joinServiceHandling('taken.user_id', 'taken.service_id'))
    .select([
      'taken.user_id as client_id',
      'taken.service_id',
      'taken.created_at as taken_at',
      'client.firm_id',
      'client.state',
      'client.assign_service_type',
      'handling.pc_id',
      'handling.executor_id',
      'handling.mpc_id',
    ])
    .where('client.role_id', '=', ROLE_ID.client)
    .where('client.status', '!=', 'deactivated')
    .where('client.firm_id', 'is not', null)
    .orderBy('taken.user_id')
    .orderBy('taken.service_id')
    .execute();
  const expected: ExpectedItem[] = [];
  for (const pair of pairs)
    for (const rule of rules.filter((entry) => entry.service_id === pair.service_id)) {
      const dueRule = toDueRule(rule);
      if (!ruleAppliesIn(dueRule, pair.state)) continue;
      const ruleExtensions = toExtensionMap(extensions.get(rule.id));
      const start = rule.active_since ? indianDateOf(new Date(rule.active_since)) : today;
      const from = later(indianDateOf(new Date(pair.taken_at)), start);
      for (const entry of listPeriodsDueBetween(dueRule, start, horizon, {
        state: pair.state,
        extensions: ruleExtensions,
      }))
        if (entry.dueDate >= from)
          expected.push({
            firm_id: pair.firm_id as number,
            client_id: pair.client_id,
            service_id: pair.service_id,
            rule_id: rule.id,
            period: entry.period,
            title: `${rule.form} · ${labelPeriod(entry.period)}`,
            due_date: entry.dueDate,
            assignee_id: defaultAssigneeOf(pair),
          });
    }
  return expected.sort((a, b) =>
    a.client_id !== b.client_id
      ? a.client_id - b.client_id
      : a.rule_id !== b.rule_id
        ? a.rule_id - b.rule_id
        : a.period.localeCompare(b.period),
  );
}
