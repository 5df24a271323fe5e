import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, ClientService, Person } from './access-fixture.js';
import { oracleAllows } from './access-oracle.js';
import {
  eachPageThreeWay,
  eachTarget,
  eachTargetThreeWay,
  letThrough,
  type Probe,
  verdictOf,
} from './access-verdicts.js';

type WorkItem = {
  id: number;
  service: ClientService;
  assigneeId: number | null;
  reviewerId: number | null;
  status: string;
  dueDate: string;
};
const CALENDAR_TO = '2026-05-31';

/** Every work item of the database, as the table reads it: its client service and its assignee. */
export async function readWorkItems(f: AccessFixture): Promise<WorkItem[]> {
  const rows = await f.t.context.db
    .selectFrom('work_items')
    .select(['id', 'client_id', 'service_id', 'assignee_id', 'reviewer_id', 'status', 'due_date'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    service: f.services.find(
      (service) => service.client.id === row.client_id && service.serviceId === row.service_id,
    ) as ClientService,
    assigneeId: row.assignee_id,
    reviewerId: row.reviewer_id,
    status: row.status,
    dueDate: row.due_date,
  }));
}

export const asWorkItem = (item: WorkItem) => ({
  label: `work ${item.id} of client ${item.service.client.id} service ${item.service.serviceId}, assignee ${item.assigneeId}, reviewer ${item.reviewerId}`,
  facts: { ...item.service.facts, workAssigneeId: item.assigneeId, workReviewerId: item.reviewerId } as TargetFacts,
});

/** What the list, calendar, export and summary show an actor, or the statuses they were refused with. */
async function readWorkViews(f: AccessFixture, actor: Person) {
  const list = await f.call('GET', '/api/work?limit=100', actor.token);
  const calendar = await f.call('GET', `/api/compliance/calendar?from=2026-04-01&to=${CALENDAR_TO}`, actor.token);
  const csv = await f.call('GET', '/api/work/export', actor.token);
  const summary = await f.call('GET', '/api/work/summary', actor.token);
  const statuses = [list, calendar, csv, summary].map((response) => response.statusCode);
  if (statuses.some((status) => status !== 200)) return { statuses };
  const rows = list.json().data.data as { id: number; permissions: { edit: boolean; files: boolean } }[];
  return {
    statuses,
    listed: rows.map((row) => `${row.id} ${JSON.stringify(row.permissions)}`).sort(),
    calendarTotal: (calendar.json().data.days as { total: number }[]).reduce((sum, day) => sum + day.total, 0),
    exportedRows: csv.body.split('\r\n').length - 2,
    summaryOpen: summary.json().data.by_assignee.reduce((sum: number, row: { open: number }) => sum + row.open, 0),
  };
}

/** The work probes (support/access-probes.ts): each leaves the work items as it found them. */
export const WORK_PROBES: Record<Extract<Action, `work.${string}` | 'compliance.write'>, Probe> = {
  // Each item's page, and the list, calendar, export and summary holding exactly the items seen one by one.
  'work.view': async (f, actor, table) => {
    const items = await readWorkItems(f);
    const details = await eachPageThreeWay(f, actor, items, asWorkItem, (item) => `/api/work/${item.id}`, table);
    const seen = items.filter((item) => table.allows(asWorkItem(item).facts));
    const actorFacts = f.actorOf(actor);
    const expected = table.mayEver
      ? {
          statuses: [200, 200, 200, 200],
          listed: seen
            .map((item) => {
              const facts = asWorkItem(item).facts;
              const permissions = {
                edit: oracleAllows(actorFacts, 'work.edit', facts),
                files: oracleAllows(actorFacts, 'file.read', facts),
                review: item.status === 'under_review' && oracleAllows(actorFacts, 'work.review', facts),
              };
              return `${item.id} ${JSON.stringify(permissions)}`;
            })
            .sort(),
          calendarTotal: seen.filter((item) => item.dueDate <= CALENDAR_TO).length,
          exportedRows: seen.length,
          // Open work by assignee: a client's items never name who works on them, so its summary lists none.
          summaryOpen: actor.role === 'client' ? 0 : seen.length,
        }
      : { statuses: [403, 403, 403, 403] };
    return {
      observed: { details: details.observed, views: await readWorkViews(f, actor) },
      expected: { details: details.expected, views: expected },
    };
  },

  // A note saved on each item (an edit the loops can repeat).
  'work.edit': async (f, actor, table) =>
    eachTargetThreeWay(
      await readWorkItems(f),
      asWorkItem,
      async (item) =>
        verdictOf(await f.call('PUT', `/api/work/${item.id}`, actor.token, { notes: `Seen by ${actor.id}` })),
      table,
    ),

  // Each item put under review (as it was, back again after), then returned for changes by the actor.
  'work.review': async (f, actor, table) =>
    eachTargetThreeWay(
      await readWorkItems(f),
      asWorkItem,
      async (item) => {
        const db = f.t.context.db;
        const before = await db
          .selectFrom('work_items')
          .select(['status', 'is_open', 'review_note', 'verified_by', 'verified_at'])
          .where('id', '=', item.id)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('work_items')
          .set({ status: 'under_review', is_open: 1 })
          .where('id', '=', item.id)
          .execute();
        const body = { status: 'in_progress', review_note: `Returned by ${actor.id}` };
        const verdict = verdictOf(await f.call('PUT', `/api/work/${item.id}`, actor.token, body));
        await db.updateTable('work_items').set(before).where('id', '=', item.id).execute();
        return verdict;
      },
      table,
    ),

  // A one-off item for each client service, removed again from the database when one was added.
  'work.create': (f, actor, table) =>
    eachTarget(
      f.services,
      (service) => ({ label: `client ${service.client.id} service ${service.serviceId}`, facts: service.facts }),
      async (service) => {
        const created = await f.call('POST', '/api/work', actor.token, {
          client_id: service.client.id,
          service_id: service.serviceId,
          title: 'Reply to notice',
          due_date: '2026-04-30',
        });
        if (!letThrough(created)) return false;
        const id = created.json().data.id as number;
        await f.t.context.db.deleteFrom('work_item_history').where('work_item_id', '=', id).execute();
        await f.t.context.db.deleteFrom('work_items').where('id', '=', id).execute();
        return true;
      },
      table,
    ),

  // The calendar has no target: a rule saved again with the service it is tied to, by whoever holds a row.
  'compliance.write': async (f, actor, table) => {
    const admin = f.people.find((person) => person.role === 'admin') as Person;
    const rules = (await f.call('GET', '/api/compliance/rules', admin.token)).json().data as {
      id: number;
      code: string;
      service_id: number | null;
    }[];
    const rule = rules.find((entry) => entry.code === 'GSTR3B_MONTHLY') as (typeof rules)[number];
    const saved = await f.call('PUT', `/api/compliance/rules/${rule.id}`, actor.token, { service_id: rule.service_id });
    return { observed: letThrough(saved), expected: table.mayEver };
  },
};
