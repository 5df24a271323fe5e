import type { AppContext } from '../../app-context.js';
import { removeStaleUploads } from '../../bootstrap/stale-uploads.js';
import { purgeRemovedBlobs } from '../../storage/removed-blobs.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { removeEndedSessions } from '../sessions/ended-sessions.js';
import { pruneExpiredAttempts } from '../throttles/throttle.service.js';
import { removeOrphanBlobs } from './orphan-blobs.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The portal's own chores. Rows in the shared database are cleaned by one process per due time. The
 * upload staging folder (DATA_DIR/tmp) is on the disk of the machine a process runs on, so every process
 * cleans it: a claim would let one machine clean its folder and leave the others' alone. Processes that
 * share a folder cleaning it twice is harmless (only files untouched for an hour, removed with `force`).
 * docs/decisions/0015
 */
export const HOUSEKEEPING_TASKS: ScheduledTask[] = [
  { name: 'remove-ended-sessions', everyMs: HOUR_MS, run: (context) => removeEndedSessions(context) },
  {
    name: 'prune-throttle-counters',
    everyMs: HOUR_MS,
    // Sign-in failures prune too, but registration and profile counters had nothing that removed them.
    run: (context) => pruneExpiredAttempts(context.db, context.clock.now()),
  },
  {
    name: 'remove-orphan-blobs',
    everyMs: HOUR_MS,
    // At start too: a crash is what leaves them, and a restart follows a crash.
    runsAtStart: true,
    // A walk of the whole store (millions of blobs on a large platform) may take longer than the default.
    leaseMs: HOUR_MS,
    run: (context) => removeOrphanBlobs(context),
  },
  {
    // Blobs of deleted files, once their tombstone is older than the backup window (storage/removed-blobs.ts).
    name: 'purge-removed-blobs',
    everyMs: HOUR_MS,
    leaseMs: HOUR_MS,
    run: async (context) => {
      const before = new Date(context.clock.now().getTime() - context.config.removedFilesKeptMs);
      const purged = await purgeRemovedBlobs(context.db, context.blobs, before);
      if (purged > 0)
        context.log.info({ purged }, `Removed ${purged} stored file(s) deleted over the backup window ago`);
    },
  },
  {
    name: 'remove-stale-uploads',
    everyMs: HOUR_MS,
    runsOn: 'every-process',
    run: (context: AppContext) => removeStaleUploads(context.config.dataDir, context.clock.now(), context.log),
  },
];

export function registerHousekeeping(scheduler: Scheduler): void {
  for (const task of HOUSEKEEPING_TASKS) scheduler.register(task);
}
