import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The contract is read from its TypeScript source ("source" export condition), so tests need no build.
// Vitest runs Node with these conditions too; no "module": packages load as when the portal runs (the
// AWS SDK's "module" build is for bundlers and does not load in Node).
export default defineConfig({
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
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
        // The repository's own scripts, e.g. the version ranges of scripts/check-advisories.mjs.
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], exclude: ['scripts/install/**'] },
      },
      {
        extends: true,
        // A pruned production install made from the build (scripts/install/): `npm test` runs it after
        // `npm run build`; run alone, it fails without a build rather than skip.
        test: {
          name: 'production-install',
          include: ['scripts/install/**/*.test.mjs'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        // Reads the built web app in apps/web/dist, so `npm test` runs it after `npm run build`
        // (scripts/run-tests.mjs); run alone, it fails without a build rather than skip.
        test: { name: 'web-build', include: ['apps/web/test/**/*.test.ts'] },
      },
      {
        // The web's components in a DOM (jsdom). Not extending the root: the root's "source" condition
        // reaches Node's own loader, where packages that ship TypeScript under it (@react-aria/ssr, under
        // react-bootstrap) would load uncompiled. Vite alone reads the contract from its source here.
        // The network is faked at the one API client (src/test/fake-api.ts); our components are never mocked.
        resolve: { conditions: ['source', 'browser', 'development|production'] },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A test types and clicks through a screen; under the browser suite's load that took over 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          // Drops this run's PostgreSQL schemas and databases that a failed file left (test/support).
          globalSetup: ['apps/api/test/support/global-database-cleanup.ts'],
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
