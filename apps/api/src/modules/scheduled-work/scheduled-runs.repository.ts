import type { Kysely } from 'kysely';
import { insertNewRows } from '../../db/insert-new-rows.js';
import type { DB } from '../../db/schema.js';

/** A task seen for the first time is due at once; a row already there keeps its time and holder. */
export async function insertScheduledRun(db: Kysely<DB>, name: string, nextRunAt: string): Promise<void> {
  const run = { name, next_run_at: nextRunAt, locked_by: null, locked_until: null };
  await insertNewRows(db, 'scheduled_runs', [run], ['name']);
}

/**
 * Makes the task due at `now` (a task that runs at start). A run in progress elsewhere keeps its lease,
 * and its release sets the next due time again: that run counts as this start's.
 */
export async function bringRunForward(db: Kysely<DB>, name: string, now: string): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ next_run_at: now })
    .where('name', '=', name)
    .where('next_run_at', '>', now)
    .execute();
}

/**
 * Takes the task's due run for `lockedBy` until `lockedUntil`, in one conditional UPDATE: only when it is
 * due and nobody holds an unexpired lease. The database applies concurrent UPDATEs of one row one after
 * the other (PostgreSQL re-checks the WHERE against the row the first one wrote; SQLite has one writer),
 * so of any number of processes at most one gets the row back. Answers the due time it claimed.
 */
export async function claimDueRun(
  db: Kysely<DB>,
  values: { name: string; lockedBy: string; now: string; lockedUntil: string },
): Promise<{ dueAt: string } | undefined> {
  const claimed = await db
    .updateTable('scheduled_runs')
    .set({ locked_by: values.lockedBy, locked_until: values.lockedUntil })
    .where('name', '=', values.name)
    .where('next_run_at', '<=', values.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', values.now)]))
    .returning('next_run_at')
    .executeTakeFirst();
  return claimed ? { dueAt: claimed.next_run_at } : undefined;
}

/**
 * Ends a claim: the next due time is set and the lease dropped, but only while `lockedBy` still holds it.
 * False when the lease had expired and another process took the task over meanwhile.
 */
export async function releaseRun(
  db: Kysely<DB>,
  values: { name: string; lockedBy: string; nextRunAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_runs')
    .set({ next_run_at: values.nextRunAt, locked_by: null, locked_until: null })
    .where('name', '=', values.name)
    .where('locked_by', '=', values.lockedBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
