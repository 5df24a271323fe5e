import type { AccessFixture, ClientService } from './access-fixture.js';
import { asService, eachTarget, letThrough, type Probe } from './access-verdicts.js';

/** The task the probes add, seeded or through the API: monthly bookkeeping due the 10th of the next month. */
const BOOKKEEPING = { title: 'Bookkeeping', cadence: 'monthly', due_day: 10, months_after: 1 } as const;

/** One paused task per client service, straight into the database (paused: nothing is planned from it). */
async function seedTasks(f: AccessFixture): Promise<Map<ClientService, number>> {
  const now = new Date().toISOString();
  const ids = new Map<ClientService, number>();
  for (const service of f.services) {
    const row = await f.t.context.db
      .insertInto('recurring_tasks')
      .values({
        firm_id: service.facts.firmId as number,
        client_id: service.client.id,
        service_id: service.serviceId,
        ...BOOKKEEPING,
        starts_on: '2026-04',
        ends_on: null,
        active: 0,
        active_since: now,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(service, row.id);
  }
  return ids;
}

/** Removes a task and the items planned from it. */
async function removeTask(f: AccessFixture, taskId: number): Promise<void> {
  const db = f.t.context.db;
  const items = db.selectFrom('work_items').select('id').where('recurring_task_id', '=', taskId);
  await db.deleteFrom('work_item_history').where('work_item_id', 'in', items).execute();
  await db.deleteFrom('work_items').where('recurring_task_id', '=', taskId).execute();
  await db.deleteFrom('recurring_tasks').where('id', '=', taskId).execute();
}

/** The recurring tasks' probes (support/access-probes.ts): each leaves no task or item behind. */
export const RECURRING_PROBES: Record<'recurring.view' | 'recurring.manage', Probe> = {
  // Each client's list holds the task of a service exactly when the actor sees it, saying whether it manages it.
  'recurring.view': async (f, actor, table) => {
    const ids = await seedTasks(f);
    try {
      return await eachTarget(
        f.services,
        asService,
        async (service) => {
          const listed = await f.call('GET', `/api/clients/${service.client.id}/recurring-tasks`, actor.token);
          if (listed.statusCode === 403 && !table.mayEver) return false;
          // A client out of sight answers as one that does not exist.
          if (listed.statusCode === 404) return false;
          if (listed.statusCode !== 200) throw new Error(`unexpected ${listed.statusCode}: ${listed.body}`);
          const tasks = listed.json().data as { id: number; permissions: { manage: boolean } }[];
          const task = tasks.find((entry) => entry.id === ids.get(service));
          if (!task) return false;
          const manage = table.allowsAlso('recurring.manage', service.facts);
          return task.permissions.manage === manage || `manage ${task.permissions.manage}, table ${manage}`;
        },
        table,
      );
    } finally {
      for (const id of ids.values()) await removeTask(f, id);
    }
  },

  // A task for each client service, removed again with what it planned when one was added.
  'recurring.manage': (f, actor, table) =>
    eachTarget(
      f.services,
      asService,
      async (service) => {
        const created = await f.call('POST', '/api/recurring-tasks', actor.token, {
          client_id: service.client.id,
          service_id: service.serviceId,
          ...BOOKKEEPING,
          starts_month: '2026-04',
        });
        if (!letThrough(created)) return false;
        await removeTask(f, created.json().data.id as number);
        return true;
      },
      table,
    ),
};
