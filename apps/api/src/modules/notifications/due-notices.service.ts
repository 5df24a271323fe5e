import { DUE_SOON_DAYS } from '@portal/contract/notifications';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { type DueKey, findDueChunkEnd, insertDueNotices } from './due-notices.repository.js';

/**
 * How many items one statement notices on SQLite. A firm's whole backlog in one INSERT held SQLite's
 * connection, and with it the server, for seconds (10 s for 400k overdue items); a chunk of 500 takes
 * tens of milliseconds, and the server answers requests between chunks (db/event-loop-turns.ts).
 * PostgreSQL runs the pass as one statement: it blocks nothing there, and its `(is_open, due_date)` index
 * has no id to page ties by (a chunk would sort the whole of a busy due date each time, decision 0056).
 */
export const DUE_NOTICE_CHUNK = 500;

/**
 * The bell's due-date notices: every open work item due today to three days ahead gets one "due soon"
 * notice, every overdue one an "overdue" notice, to its assignee (the firm's MPC when nobody is
 * assigned). Once per item, kind and recipient, whatever the number of runs or processes: the rows are
 * keyed and the database skips a key it holds. Answers how many notices were added.
 */
export async function raiseDueNotices(
  context: Pick<AppContext, 'db' | 'clock' | 'dialect'>,
  chunkSize = DUE_NOTICE_CHUNK,
): Promise<number> {
  const now = context.clock.now();
  const today = indianDateOf(now);
  const at = now.toISOString();
  const kinds = [
    { kind: 'work_due_soon', from: today, to: addDays(today, DUE_SOON_DAYS) },
    { kind: 'work_overdue', from: null, to: addDays(today, -1) },
  ] as const;
  let added = 0;
  for (const range of kinds) {
    let after: DueKey | null = null;
    for (;;) {
      const until: DueKey | null =
        context.dialect === 'sqlite' ? await findDueChunkEnd(context.db, { ...range, after, size: chunkSize }) : null;
      added += await insertDueNotices(context.db, { ...range, after, until, now: at });
      if (!until) break;
      after = until;
    }
  }
  return added;
}
