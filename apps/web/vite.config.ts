import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { describeFirstPage, measureFirstPage } from './build-tools/first-page-size.ts';
import { precompressDir } from './build-tools/precompress.ts';
import { writeServiceWorker } from './build-tools/service-worker.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const outDir = path.resolve(import.meta.dirname, 'dist');
// Three files for what only the portal runs (docs/performance.md, "The first page"); left to itself
// Rolldown cut it into 67, and a dashboard visit fetched 33. React, which they all import, and what the
// sign-in page runs stay out of them: the size test fails otherwise.
// The screens' libraries: React Router, react-bootstrap and its helpers, react-hook-form.
const PORTAL_LIBRARIES =
  /node_modules[\\/](?:react-router|react-bootstrap|@restart|@popperjs|dom-helpers|react-transition-group|uncontrollable|react-hook-form|@hookform|@babel[\\/]runtime|classnames|warning|invariant|react-lifecycles-compat|@react-aria|cookie|set-cookie-parser)[\\/]/;
// The app's shared components (lists, modals, alerts), which only screens behind sign-in use.
const PORTAL_COMPONENTS = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]/;
// The contract and the web's lib, except the session store, the title and the product's name the sign-in
// page runs on: the sign-in checks fetch this file too, so it must not import React Router or react-bootstrap.
const PORTAL_DATA =
  /[\\/](?:apps[\\/]web[\\/]src[\\/]lib[\\/](?!session\.ts|document-title\.ts)|packages[\\/]contract[\\/]src[\\/](?!roles\.ts|session-keys\.ts|product\.ts))/;

/**
 * After a build: the service worker with this build's file list (docs/decisions/0038), brotli and gzip
 * siblings for the server to send, and what the sign-in page costs.
 */
function firstPageReport(): Plugin {
  return {
    name: 'portal-first-page',
    apply: 'build',
    async closeBundle() {
      const worker = writeServiceWorker(outDir);
      console.log(`Service worker: ${worker.urls.length} files in cache ${worker.cacheName}`);
      await precompressDir(outDir);
      console.log(describeFirstPage(measureFirstPage(outDir)));
    },
  };
}

export default defineConfig({
  plugins: [react(), firstPageReport()],
  // The contract is bundled from its TypeScript source, so the web build does not wait for it.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  // The manifest tells the size test which files the sign-in page loads (build-tools/first-page-size.ts).
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    // Compressing and measuring after the bundle takes seconds by design; Rolldown's slow-plugin note is noise.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // A group takes its modules alone, not what they import (React stays in the first script).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'portal-libraries', test: PORTAL_LIBRARIES },
            { name: 'portal-components', test: PORTAL_COMPONENTS },
            { name: 'portal-data', test: PORTAL_DATA },
          ],
        },
      },
    },
  },
  css: {
    // Bootstrap 5.3's Sass still uses @import and global functions: its warnings are not ours to fix.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import'] } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sanctum': apiTarget, '/document': apiTarget },
  },
});
