import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** `test`: a fresh value for each test of the block; `block`: one for all the block's tests. */
export type FixtureScope = 'test' | 'block';

/**
 * Opens a value in the block's `before` hook (each test's or the block's) and closes it in the matching
 * `after` hook, and answers it as it is at the moment of use: the block's tests and later hooks write
 * `t.request(...)` as they would with a `let t` of their own. Called first in a block, its `after` hook
 * runs last (Vitest runs `after` hooks in reverse order).
 */
export function useFixture<T extends object>(
  scope: FixtureScope,
  open: () => Promise<T>,
  close: (value: T) => Promise<void>,
): T {
  let current: T | undefined;
  const [before, after] = scope === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await open();
  });
  after(async () => {
    const value = current;
    current = undefined;
    if (value) await close(value);
  });
  const read = (): T => {
    if (!current) throw new Error('a fixture is open only in the tests and hooks of the block that uses it');
    return current;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(read(), key),
    has: (_target, key) => Reflect.has(read(), key),
  });
}
