import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The contract is read from its TypeScript source ("source" export condition), so tests need no build.
export default defineConfig({
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    // Vitest leaves a core free by default, which on a 2-core machine runs one file at a time; the API
    // tests wait on databases, child processes and argon2 more than they compute.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's loaded modules: importing the whole server again for each of ~40
          // files cost more than half of the suite's time. Every file builds its own app and database
          // (test/support/test-app.ts), so no state is meant to cross; a test that needs a module's
          // first state loads a fresh copy (auth/passwords.test.ts). docs/testing.md
          isolate: false,
        },
      },
    ],
  },
});
