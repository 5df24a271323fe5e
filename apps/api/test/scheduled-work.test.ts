import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, DEFAULT_TICK_MS, type ScheduledTask } from '../src/modules/scheduled-work/scheduler.js';
import { type AppInstances, createAppInstances } from './support/app-instances.js';
import { listTestDialects } from './support/test-database.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function waitUntil(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

for (const dialect of listTestDialects()) {
  describe(`scheduled work across two app instances on one ${dialect} database`, () => {
    let setup: AppInstances;
    beforeEach(async () => {
      setup = await createAppInstances(dialect);
    });
    afterEach(async () => setup.close());

    /** The same task, as each process's code registers it; `run` learns which instance ran it. */
    const registerEverywhere = (task: Omit<ScheduledTask, 'run'>, run: (instance: number) => Promise<unknown>) =>
      setup.instances.forEach((instance, index) => {
        instance.scheduler.register({ ...task, run: () => run(index) });
      });
    /** Every instance ticks `times` times at once. */
    const tickAll = (times = 3) =>
      Promise.all(
        setup.instances.flatMap((instance) => Array.from({ length: times }, () => instance.scheduler.tick())),
      );
    const readRow = (name: string) =>
      setup.instances[0]?.context.db
        .selectFrom('scheduled_runs')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirst();

    it('runs a shared task once per due time, however often both instances tick', async () => {
      const start = setup.clock.now().getTime();
      const runs: number[] = [];
      registerEverywhere({ name: 'count-runs', everyMs: 10 * MINUTE }, async () => {
        runs.push(setup.clock.now().getTime() - start);
      });
      const runsAfter = async (advanceMs: number) => {
        setup.clock.advance(advanceMs);
        for (let round = 0; round < 3; round += 1) await tickAll();
        return runs.length;
      };

      expect(await runsAfter(0)).toBe(1);
      expect(await runsAfter(5 * MINUTE)).toBe(1);
      expect(await runsAfter(5 * MINUTE - 1)).toBe(1);
      expect(await runsAfter(1)).toBe(2);
      // Three due times missed while every process was down: one run, then back on the 10-minute grid.
      expect(await runsAfter(35 * MINUTE)).toBe(3);
      expect(await runsAfter(4 * MINUTE)).toBe(3);
      expect(await runsAfter(MINUTE)).toBe(4);
      expect(runs).toEqual([0, 10 * MINUTE, 45 * MINUTE, 50 * MINUTE]);
      expect(await readRow('count-runs')).toEqual({
        name: 'count-runs',
        next_run_at: new Date(start + 60 * MINUTE).toISOString(),
        locked_by: null,
        locked_until: null,
      });
    });

    it('lets the other instance take over once the lease of an instance that stopped answering expires', async () => {
      const [stuck, other] = setup.instances as [AppInstances['instances'][0], AppInstances['instances'][0]];
      const start = setup.clock.now().getTime();
      const runs: string[] = [];
      let wakeUp = () => {};
      const hung = new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
      const task = { name: 'nightly-report', everyMs: HOUR, leaseMs: 10 * MINUTE };
      stuck.scheduler.register({
        ...task,
        run: () => {
          runs.push('stuck');
          return hung;
        },
      });
      other.scheduler.register({ ...task, run: async () => runs.push('other') });

      const stuckTick = stuck.scheduler.tick();
      await waitUntil(() => runs.length === 1);
      expect((await readRow('nightly-report'))?.locked_by).toBe(stuck.scheduler.instanceId);
      await other.scheduler.tick();
      setup.clock.advance(10 * MINUTE - 1);
      await other.scheduler.tick();
      expect(runs).toEqual(['stuck']);

      setup.clock.advance(1);
      await other.scheduler.tick();
      expect(runs).toEqual(['stuck', 'other']);
      const afterTakeOver = await readRow('nightly-report');
      expect(afterTakeOver).toMatchObject({ locked_by: null, next_run_at: new Date(start + HOUR).toISOString() });

      // The stuck run ends at last: it no longer holds the task, so it changes nothing and says so.
      wakeUp();
      await stuckTick;
      expect(await readRow('nightly-report')).toEqual(afterTakeOver);
      expect(stuck.logs).toContainEqual(
        expect.objectContaining({
          level: 40,
          task: 'nightly-report',
          msg: expect.stringContaining('outlived its lease'),
        }),
      );
    });

    it('logs a failing task without its secrets, runs it again at its next due time, and runs the others', async () => {
      let attempts = 0;
      let steady = 0;
      const secret = 's3cr3t-Value-42';
      registerEverywhere({ name: 'send-mail', everyMs: 10 * MINUTE }, async () => {
        attempts += 1;
        if (attempts === 1) throw new Error(`POST https://mail.example/send?token=${secret} with Bearer abc.def.ghi`);
      });
      registerEverywhere({ name: 'steady-work', everyMs: 10 * MINUTE }, async () => {
        steady += 1;
      });

      await tickAll();
      expect({ attempts, steady }).toEqual({ attempts: 1, steady: 1 });
      const logs = setup.instances.flatMap((instance) => instance.logs);
      const failures = logs.filter((line) => line.level === 50);
      expect(failures).toEqual([
        expect.objectContaining({
          task: 'send-mail',
          msg: 'Scheduled task send-mail failed; it runs again when next due',
          err: expect.objectContaining({ message: expect.stringContaining('token=[redacted]') }),
        }),
      ]);
      expect(JSON.stringify(logs)).not.toContain(secret);
      expect(JSON.stringify(logs)).not.toContain('abc.def.ghi');

      setup.clock.advance(MINUTE);
      await tickAll();
      expect({ attempts, steady }).toEqual({ attempts: 1, steady: 1 });
      setup.clock.advance(9 * MINUTE);
      await tickAll();
      expect({ attempts, steady }).toEqual({ attempts: 2, steady: 2 });
      expect(setup.instances.flatMap((instance) => instance.logs).filter((line) => line.level === 50)).toHaveLength(1);
    });

    it("runs a task marked to run at start at each instance's first tick, one at a time, then hourly", async () => {
      const runs: string[] = [];
      const task = { name: 'sweep', everyMs: HOUR, runsAtStart: true };
      registerEverywhere(task, async (instance) => runs.push(`instance ${instance}`));
      for (const instance of setup.instances) await instance.scheduler.tick();
      expect(runs).toEqual(['instance 0', 'instance 1']);
      setup.clock.advance(10 * MINUTE);
      await tickAll();
      expect(runs).toHaveLength(2);

      // Instance 0's process starts again: a new scheduler on the same context, as main.ts makes one. Of
      // everything ticking at that moment, one runs it.
      const [first] = setup.instances as [AppInstances['instances'][0]];
      const restarted = createScheduler(first.context);
      restarted.register({ ...task, run: async () => runs.push('restarted') });
      const tickEverything = () =>
        Promise.all([restarted.tick(), restarted.tick(), ...setup.instances.map((i) => i.scheduler.tick())]);
      await tickEverything();
      await tickEverything();
      expect(runs).toHaveLength(3);
      // Then an hour after that run, whoever ticks.
      setup.clock.advance(HOUR - 1);
      await tickEverything();
      expect(runs).toHaveLength(3);
      setup.clock.advance(1);
      await tickEverything();
      expect(runs).toHaveLength(4);
      await restarted.stop();
    });

    it('runs a per-process task in every instance, each once per due time', async () => {
      const runs: number[] = [];
      registerEverywhere({ name: 'own-disk', everyMs: HOUR, runsOn: 'every-process' }, async (instance) => {
        runs.push(instance);
      });
      await tickAll();
      expect(runs).toEqual([]);
      setup.clock.advance(HOUR);
      await tickAll();
      await tickAll();
      expect(runs.sort()).toEqual([0, 1]);
      expect(await readRow('own-disk')).toBeUndefined();
    });

    it('ticks on its own once started, and closing the app leaves no timer', async () => {
      const [first] = setup.instances as [AppInstances['instances'][0]];
      let runs = 0;
      first.scheduler.register({ name: 'hourly', everyMs: HOUR, run: async () => (runs += 1) });
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        first.scheduler.start();
        expect(vi.getTimerCount()).toBe(1);
        await first.scheduler.tick();
        expect(runs).toBe(1);
        setup.clock.advance(HOUR);
        vi.advanceTimersByTime(DEFAULT_TICK_MS - 1);
        expect(runs).toBe(1);
        vi.advanceTimersByTime(1);
        await waitUntil(() => runs === 2);

        await first.app.close();
        expect(vi.getTimerCount()).toBe(0);
        setup.clock.advance(HOUR);
        vi.advanceTimersByTime(10 * DEFAULT_TICK_MS);
        await first.scheduler.tick();
        expect(runs).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps no timer that holds the process open', () => {
      const [first] = setup.instances as [AppInstances['instances'][0]];
      const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
      try {
        first.scheduler.start();
        expect(setIntervalSpy).toHaveBeenCalledTimes(1);
        const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout | undefined;
        expect(timer?.hasRef()).toBe(false);
      } finally {
        setIntervalSpy.mockRestore();
      }
    });
  });
}
