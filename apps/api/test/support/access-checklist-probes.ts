import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture } from './access-fixture.js';
import { agree, eachPageThreeWay, eachTargetThreeWay, letThrough, type Probe, verdictOf } from './access-verdicts.js';
import { asWorkItem, readWorkItems } from './access-work-probes.js';

/** One step on every work item (the seeded items have none: no template was kept), removed afterwards. */
async function withOneStepEach<T>(f: AccessFixture, run: (stepOf: Map<number, number>) => Promise<T>): Promise<T> {
  const db = f.t.context.db;
  const items = await readWorkItems(f);
  const stepOf = new Map<number, number>();
  for (const item of items) {
    const row = await db
      .insertInto('work_item_checklist_steps')
      .values({ work_item_id: item.id, position: 1, label: 'Sales register received' })
      .returning('id')
      .executeTakeFirstOrThrow();
    stepOf.set(item.id, row.id);
  }
  try {
    return await run(stepOf);
  } finally {
    await db
      .deleteFrom('work_item_checklist_steps')
      .where('id', 'in', [...stepOf.values(), -1])
      .execute();
  }
}

/** The checklist probes (support/access-probes.ts): each leaves templates and items as it found them. */
export const CHECKLIST_PROBES: Record<Extract<Action, `checklist.${string}`>, Probe> = {
  // Each item's checklist: the item's own page, three ways.
  'checklist.view': async (f, actor, table) =>
    eachPageThreeWay(f, actor, await readWorkItems(f), asWorkItem, (item) => `/api/work/${item.id}/checklist`, table),

  // A step of each item ticked, and unticked again when that was let through.
  'checklist.tick': (f, actor, table) =>
    withOneStepEach(f, async (stepOf) =>
      eachTargetThreeWay(
        await readWorkItems(f),
        asWorkItem,
        async (item) => {
          const path = `/api/work/${item.id}/checklist/${stepOf.get(item.id)}`;
          const ticked = verdictOf(await f.call('PUT', path, actor.token, { done: true }));
          if (ticked === 'allowed') await f.must('PUT', path, actor.token, { done: false });
          return ticked;
        },
        table,
      ),
    ),

  // A template has no target but the caller's firm (the platform's, the admin's): the one in force read.
  'checklist.template_read': async (f, actor, table) => {
    const read = await f.call('GET', `/api/checklists/services/${f.catalogue.id}`, actor.token);
    return { observed: letThrough(read), expected: table.mayEver };
  },

  // Saved with one step, then removed again (the firm back on the platform's; the platform's gone).
  'checklist.template': async (f, actor, table) => {
    const path = `/api/checklists/services/${f.catalogue.id}`;
    const saved = await f.call('PUT', path, actor.token, { steps: ['Tax computed'] });
    const reset = await f.call('DELETE', path, actor.token);
    return { observed: agree([letThrough(saved), letThrough(reset)]), expected: table.mayEver };
  },
};
