import { addDays, daysBetween } from '@portal/contract/plain-dates';
import type { CursorPage, UdinRow } from '@portal/contract/registers';
import { UDIN_DEADLINE_DAYS, UDIN_MESSAGES, udinDeadlineOf, udinYearFits } from '@portal/contract/udin';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { failValidation } from '../../http/http-error.js';
import { firmOf } from '../../policy/authorize.js';
import { todayOf, workReachOf } from './work-access.js';
import { recordWorkChangeEvents } from './work-audit.js';
import { insertHistory } from './work-items.repository.js';
import { countMissingUdins, listSignedItems, updateUdin } from './work-udin.repository.js';

// The UDIN register (issue 22, docs/decisions/0032) kept apart from the rest of a work item's change.

/** The UDIN fields of `PUT /api/work/{id}`. */
export type UdinChange = { udin?: string | null; signed_on?: string | null };
type CurrentUdin = { id: number; client_id: number; udin: string | null; signed_on: string | null };

/**
 * Saves a new UDIN or signing date with their history rows, inside the caller's transaction: a UDIN
 * needs its signing date, which is not in the future, and its year is that of signing or the deadline.
 */
export async function applyUdinChange(
  db: Kysely<DB>,
  item: CurrentUdin,
  change: UdinChange,
  by: { actorId: number; at: Date; today: string; ip?: string | undefined },
): Promise<void> {
  if (change.udin === undefined && change.signed_on === undefined) return;
  const udin = change.udin !== undefined ? change.udin : item.udin;
  const signedOn = change.signed_on !== undefined ? change.signed_on : item.signed_on;
  if (signedOn && signedOn > by.today) failValidation('signed_on', UDIN_MESSAGES.signedOnFuture);
  if (udin && !signedOn) failValidation('signed_on', UDIN_MESSAGES.udinNeedsSigning);
  if (udin && signedOn && !udinYearFits(udin, signedOn)) failValidation('udin', UDIN_MESSAGES.udinYear);
  const history = [
    { field: 'udin', from: item.udin, to: udin },
    { field: 'signed_on', from: item.signed_on, to: signedOn },
  ].filter((entry) => entry.from !== entry.to);
  if (history.length === 0) return;
  const at = by.at.toISOString();
  await updateUdin(db, item.id, { udin, signed_on: signedOn, updated_at: at });
  await insertHistory(db, item.id, by.actorId, history, at);
  await recordWorkChangeEvents(db, item, history, by);
}

/** The first signing date that is not yet overdue today: items signed before it are past the deadline. */
const overdueBefore = (today: string) => addDays(today, -(UDIN_DEADLINE_DAYS - 1));

const reachOf = (actor: Actor) => ({ firmId: firmOf(actor) ?? -1, reach: workReachOf(actor, 'work.view') });

function parseAfter(after: string | undefined) {
  const match = after ? /^(\d{4}-\d{2}-\d{2})_(\d{1,9})$/.exec(after) : null;
  return match ? { signedOn: match[1] as string, id: Number(match[2]) } : undefined;
}

/** The firm's signed items the caller sees: all, those without a UDIN, or those past ICAI's deadline. */
export async function listUdinRegister(
  context: AppContext,
  actor: Actor,
  query: { filter: 'all' | 'missing' | 'overdue'; after?: string; limit: number },
): Promise<CursorPage<UdinRow>> {
  const today = todayOf(context);
  const rows = await listSignedItems(
    context.db,
    {
      ...reachOf(actor),
      missing: query.filter !== 'all',
      ...(query.filter === 'overdue' ? { signedBefore: overdueBefore(today) } : {}),
    },
    { after: parseAfter(query.after), limit: query.limit + 1 },
  );
  const data = rows.slice(0, query.limit).map((row): UdinRow => {
    const signedOn = row.signed_on as string;
    const deadline = udinDeadlineOf(signedOn);
    return {
      work_id: row.id,
      client_id: row.client_id,
      client_name: fullName(row.client_first_name, row.client_last_name),
      title: row.title,
      signed_on: signedOn,
      udin: row.udin,
      deadline,
      missing: row.udin === null,
      overdue: row.udin === null && daysBetween(deadline, today) > 0,
    };
  });
  const last = data[data.length - 1];
  const next = rows.length > query.limit && last ? `${last.signed_on}_${last.work_id}` : null;
  return { data, per_page: query.limit, next };
}

/** How many signed items the caller sees lack a UDIN, and how many of those are past the deadline. */
export async function countUdinsMissing(context: AppContext, actor: Actor) {
  const reach = reachOf(actor);
  const today = todayOf(context);
  return {
    missing: await countMissingUdins(context.db, reach),
    overdue: await countMissingUdins(context.db, { ...reach, signedBefore: overdueBefore(today) }),
  };
}
