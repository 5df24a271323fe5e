import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function hasBuiltSpa(webRoot: string | undefined): webRoot is string {
  return webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
}

/** The built SPA from the same process; Vite's hashed assets are cached for good, index.html never. */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
    },
  });
}

export function sendSpaIndex(reply: import('fastify').FastifyReply): void {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
