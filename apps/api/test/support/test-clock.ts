import type { Clock } from '../../src/clock.js';

export type TestClock = Clock & { advance(milliseconds: number): void; set(date: Date): void };

/** A clock that only moves when a test moves it. */
export function createTestClock(start = new Date('2026-04-01T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
