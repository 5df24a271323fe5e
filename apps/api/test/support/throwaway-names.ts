import { randomBytes } from 'node:crypto';

// Set once per `vitest run` by global-database-cleanup.ts (workers inherit it); a file run some other way
// gets its own tag, so it never drops what another run made.
const RUN_TAG = process.env.PORTAL_TEST_RUN ?? `x${randomBytes(3).toString('hex')}`;

/**
 * A PostgreSQL schema or database name for one test: `<kind>_<run tag>_<random>`. The run's teardown drops
 * whatever still carries its tag, so a file that died in its hooks leaves nothing behind.
 */
export function nameThrowaway(kind: string): string {
  return `${kind}_${RUN_TAG}_${randomBytes(5).toString('hex')}`;
}
