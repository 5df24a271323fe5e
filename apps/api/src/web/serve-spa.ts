import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The siblings the web build writes beside each text file (apps/web/build-tools/precompress.ts). */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/;
/** The service worker the web build writes (apps/web/build-tools/service-worker.ts, docs/decisions/0038). */
const SERVICE_WORKER = 'sw.js';

export function hasBuiltSpa(webRoot: string | undefined): webRoot is string {
  return webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
}

/**
 * The built SPA from the same process. Vite's hashed assets are cached for good, index.html (which names
 * them) never. Each file goes out as the build's brotli or gzip sibling when the browser accepts one, so no
 * request pays for compressing.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // A sibling is only ever sent in place of its file, never as a download of its own.
    allowedPath: (pathname) => !COMPRESSED_SIBLING.test(pathname),
    // Since @fastify/static 10 it is handed the reply, and what it sets wins over the plugin's own headers.
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
      // no-cache above makes the browser ask for a new worker on every visit (a release takes over at once);
      // the worker at the root may control the whole portal, which the header states rather than implies.
      // With a compressed sibling chosen, the path is the sibling's.
      const file = path.basename(filePath).replace(COMPRESSED_SIBLING, '');
      if (file === SERVICE_WORKER) reply.header('service-worker-allowed', '/');
      // The manifest's own type (mime knows it; said here so a change of the library cannot break installs).
      if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
      // One address, a body per Accept-Encoding: a shared cache must keep them apart. @fastify/static 10
      // says so too when it picks a sibling; it adds nothing when the header already names it.
      reply.header('vary', 'Accept-Encoding');
    },
  });
}

export function sendSpaIndex(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
