import { WORK_MESSAGES as M, type WorkVerifyAnswer, type workVerifySchema } from '@portal/contract/work';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { todayOf, workReachOf } from './work-access.js';
import { applyWorkChange } from './work-changes.service.js';
import { listWorkItemsWithin } from './work-items.repository.js';
import { notifyWorkChange } from './work-notices.js';

const itemsNamed = (ids: number[]) => `Work item${ids.length > 1 ? 's' : ''} ${ids.join(', ')}`;

/**
 * `POST /api/work/verify`: several items under review verified at once, all or none: 404 if one is out
 * of the caller's sight, 403 if it may not review one, 422 if one is not under review (each naming them).
 */
export async function verifyWorkItems(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof workVerifySchema>,
  ip: string,
): Promise<WorkVerifyAnswer> {
  const ids = [...new Set(input.ids)];
  const seen = await listWorkItemsWithin(context.db, ids, workReachOf(actor, 'work.view'));
  const missing = ids.filter((id) => !seen.some((row) => row.id === id));
  if (missing.length > 0) throw new HttpError(404, `${itemsNamed(missing)}: ${M.notFound}`);
  const reviewable = await listWorkItemsWithin(context.db, ids, workReachOf(actor, 'work.review'));
  const refused = ids.filter((id) => !reviewable.some((row) => row.id === id));
  if (refused.length > 0) throw new HttpError(403, `${itemsNamed(refused)}: ${M.onlyReviewer}`);
  const notUnderReview = seen.filter((row) => row.status !== 'under_review').map((row) => row.id);
  if (notUnderReview.length > 0)
    throw new HttpError(422, M.notUnderReview, { ids: [`${itemsNamed(notUnderReview)}: ${M.notUnderReview}`] });

  const at = context.clock.now();
  const by = { actorId: actor.id, at, today: todayOf(context), reviewed: true, ip };
  const verified = { by: actor.id, at: at.toISOString() };
  await context.db.transaction().execute(async (trx) => {
    for (const row of seen) {
      const change = { status: 'verified' as const, reviewNote: input.note ?? null, verified };
      const history = await applyWorkChange(trx, row, change, by);
      await notifyWorkChange(trx, row, history, by);
    }
    await recordAudit(trx, { actorId: actor.id, action: 'work.verify', details: { ids }, ip, at });
  });
  return { verified: ids };
}
