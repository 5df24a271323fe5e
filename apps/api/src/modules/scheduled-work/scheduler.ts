import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../app-context.js';
import { runAsBackgroundWork } from '../../db/event-loop-turns.js';
import { bringRunForward, claimDueRun, insertScheduledRun, releaseRun } from './scheduled-runs.repository.js';

/**
 * A named piece of periodic work (docs/decisions/0015).
 * - `one-process` (the default): shared state in the database. Each due time is claimed through
 *   `scheduled_runs`, so of all processes on one database exactly one runs it. First due when the
 *   database first sees the task (and, with `runsAtStart`, at each process's start).
 * - `every-process`: work on this process's own resources (its disk), run by every process without a
 *   claim. First due one interval after registration: what must happen at start is called by main.ts.
 */
export type ScheduledTask = {
  name: string;
  everyMs: number;
  runsOn?: 'one-process' | 'every-process';
  /**
   * How long a claim holds (one-process tasks): a process that dies mid-run leaves the task to the others
   * once it passes. A run must end well within it, or another process may start the same due time.
   */
  leaseMs?: number;
  /**
   * One-process tasks: also due at each process's first tick (main.ts ticks right after listening),
   * whatever the shared due time says, for work a restart should not wait an interval for; then an
   * interval after that run. Runs are still claimed one at a time, and a process starting while another
   * runs the task takes that run as its own.
   */
  runsAtStart?: boolean;
  run(context: AppContext): Promise<unknown>;
};

export type Scheduler = {
  /** Names this process in `scheduled_runs.locked_by`: host, pid and a random part. */
  readonly instanceId: string;
  register(task: ScheduledTask): void;
  /** Ticks now and then every `tickMs` on an unref'd timer. */
  start(): void;
  /** Starts every task that is due and not already running here; settles when every run in progress has ended. */
  tick(): Promise<void>;
  /** No more ticks; waits (at most `stopWaitMs`) for runs in progress to finish and release their claims. */
  stop(): Promise<void>;
};

export type SchedulerOptions = { tickMs?: number; stopWaitMs?: number };

export const DEFAULT_TICK_MS = 30_000;
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_STOP_WAIT_MS = 5_000;

/** The first due time after `now` on the task's grid: missed due times are skipped, not caught up. */
export function nextDueAfter(dueAt: number, everyMs: number, now: number): number {
  const missed = Math.max(0, Math.floor((now - dueAt) / everyMs));
  return dueAt + (missed + 1) * everyMs;
}

export function createScheduler(context: AppContext, options: SchedulerOptions = {}): Scheduler {
  const { db, clock, log } = context;
  const instanceId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const tasks = new Map<string, ScheduledTask>();
  const running = new Map<string, Promise<void>>();
  const localDueAt = new Map<string, number>();
  const known = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  // A task's own failure is logged and waits for its next due time; the logger's error serializer keeps
  // secret values out of the message and stack (http/log-redaction.ts).
  const runTask = async (task: ScheduledTask): Promise<void> => {
    const startedAt = Date.now();
    try {
      // Requests go first: the task hands the loop back between its statements (db/event-loop-turns.ts).
      await runAsBackgroundWork(() => task.run(context));
      log.debug({ task: task.name, ms: Date.now() - startedAt }, `Scheduled task ${task.name} finished`);
    } catch (error) {
      log.error({ err: error, task: task.name }, `Scheduled task ${task.name} failed; it runs again when next due`);
    }
  };

  const runIfClaimed = async (task: ScheduledTask): Promise<void> => {
    const now = clock.now();
    if (!known.has(task.name)) {
      await insertScheduledRun(db, task.name, now.toISOString());
      if (task.runsAtStart) await bringRunForward(db, task.name, now.toISOString());
      known.add(task.name);
    }
    const claim = await claimDueRun(db, {
      name: task.name,
      lockedBy: instanceId,
      now: now.toISOString(),
      lockedUntil: new Date(now.getTime() + (task.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
    });
    if (!claim) return;
    await runTask(task);
    const nextRunAt = nextDueAfter(Date.parse(claim.dueAt), task.everyMs, clock.now().getTime());
    const released = await releaseRun(db, {
      name: task.name,
      lockedBy: instanceId,
      nextRunAt: new Date(nextRunAt).toISOString(),
    });
    if (!released)
      log.warn({ task: task.name }, `Scheduled task ${task.name} outlived its lease; another process took it over`);
  };

  const runIfDueHere = async (task: ScheduledTask): Promise<void> => {
    const dueAt = localDueAt.get(task.name) ?? 0;
    if (clock.now().getTime() < dueAt) return;
    await runTask(task);
    localDueAt.set(task.name, nextDueAfter(dueAt, task.everyMs, clock.now().getTime()));
  };

  // Marked running before its first await, so overlapping ticks (the timer's and a test's) never start a
  // task twice in one process.
  const startTask = (task: ScheduledTask): Promise<void> => {
    const attempt = (task.runsOn === 'every-process' ? runIfDueHere(task) : runIfClaimed(task))
      .catch((error) =>
        log.error({ err: error, task: task.name }, `Scheduled task ${task.name} could not be claimed or released`),
      )
      .finally(() => running.delete(task.name));
    running.set(task.name, attempt);
    return attempt;
  };

  const tick = async (): Promise<void> => {
    if (stopped) return;
    for (const task of tasks.values()) if (!running.has(task.name)) startTask(task);
    await Promise.all(running.values());
  };

  return {
    instanceId,
    register(task) {
      if (tasks.has(task.name)) throw new Error(`Scheduled task ${task.name} is registered twice`);
      if (!(task.everyMs > 0)) throw new Error(`Scheduled task ${task.name} needs a positive interval`);
      tasks.set(task.name, task);
      if (task.runsOn === 'every-process') localDueAt.set(task.name, clock.now().getTime() + task.everyMs);
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), options.tickMs ?? DEFAULT_TICK_MS);
      // Scheduled work never keeps the process alive on its own: closing the app ends it.
      timer.unref();
      void tick();
    },
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      let waited: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        waited = setTimeout(resolve, options.stopWaitMs ?? DEFAULT_STOP_WAIT_MS);
        waited.unref();
      });
      await Promise.race([Promise.allSettled(running.values()), limit]);
      clearTimeout(waited);
    },
  };
}
