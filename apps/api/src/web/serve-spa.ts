import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The siblings the web build writes beside each text file (apps/web/build-tools/precompress.ts). */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/;

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
      // One address, a body per Accept-Encoding: a shared cache must keep them apart. @fastify/static 10
      // says so too when it picks a sibling; it adds nothing when the header already names it.
      reply.header('vary', 'Accept-Encoding');
    },
  });
}

export function sendSpaIndex(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
