import { CHECKLIST_MESSAGES as M, type WorkChecklist } from '@portal/contract/checklists';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failNotFound } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { workItemTarget } from '../../policy/work.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertWorkAllows, findReachableWorkItem } from '../work/work-access.js';
import type { CreatedWorkItems } from '../work/work-hooks.js';
import { presentWorkChecklist } from './checklist.presenter.js';
import {
  copyTemplatesToItems,
  copyTemplatesToPlannedItems,
  countOpenSteps,
  findItemStep,
  listItemSteps,
  markItemStep,
} from './checklists.repository.js';

/** `GET /api/work/:id/checklist`: 404 for an item out of reach, 403 for one seen without `checklist.view`. */
export async function readWorkChecklist(context: AppContext, actor: Actor, workId: number): Promise<WorkChecklist> {
  const row = await findReachableWorkItem(context, actor, workId);
  await assertWorkAllows(context, actor, workId, 'checklist.view');
  const steps = await listItemSteps(context.db, workId);
  return presentWorkChecklist(workId, steps, { tick: authorize(actor, 'checklist.tick', workItemTarget(row)) });
}

/** `PUT /api/work/:id/checklist/:step_id`: ticks (who, when) or unticks one step, audited. */
export async function tickWorkChecklistStep(
  context: AppContext,
  actor: Actor,
  ids: { workId: number; stepId: number },
  done: boolean,
): Promise<WorkChecklist> {
  const row = await findReachableWorkItem(context, actor, ids.workId, 'checklist.tick');
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const step = await findItemStep(trx, ids.workId, ids.stepId);
    if (!step) failNotFound(M.stepNotFound);
    // Ticking a ticked step keeps who ticked it first; only a change is written and audited.
    if ((step.done_at !== null) === done) return;
    await markItemStep(trx, { ...ids, doneBy: done ? actor.id : null, doneAt: done ? at.toISOString() : null });
    await recordAudit(trx, {
      actorId: actor.id,
      action: done ? 'checklist.step.tick' : 'checklist.step.untick',
      entityType: 'work_item',
      entityId: ids.workId,
      subjectId: row.client_id,
      details: { step: step.label },
      at,
    });
  });
  return readWorkChecklist(context, actor, ids.workId);
}

/**
 * Listener of `onWorkItemsCreated`: the new items copy the template in force, one statement per 500 ids
 * or per planning statement (its items named as a set, however many).
 */
export async function copyChecklistsOfNewItems(db: Kysely<DB>, created: CreatedWorkItems): Promise<void> {
  if ('planned' in created) {
    await copyTemplatesToPlannedItems(db, created.planned);
    return;
  }
  const { workIds } = created;
  for (let start = 0; start < workIds.length; start += 500)
    await copyTemplatesToItems(db, workIds.slice(start, start + 500));
}

/** Provides `countOpenChecklistSteps` for `work`: the steps of an item not ticked yet. */
export function countOpenStepsOfItem(db: Kysely<DB>, workId: number): Promise<number> {
  return countOpenSteps(db, workId);
}
