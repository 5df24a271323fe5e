import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the service worker keeps besides the hashed assets: the offline page and what it shows. */
export const OFFLINE_FILES = ['/offline.html', '/offline.css', '/logo.svg'];
export const SERVICE_WORKER_FILE = 'sw.js';
const TEMPLATE = path.join(import.meta.dirname, 'service-worker.template.js');
/** The build's compressed siblings (precompress.ts) are sent in place of their file, never asked for. */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/;

/** The URLs the worker caches: every file Vite wrote under assets/ (hashed names) and the offline files. */
export function listPrecachedUrls(distDir: string): string[] {
  const assets = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((file) => !COMPRESSED_SIBLING.test(file))
    .map((file) => `/assets/${file}`)
    .sort();
  return [...OFFLINE_FILES, ...assets];
}

/**
 * Writes dist/sw.js from the template with this build's file list. The cache's name is a hash of the files'
 * names and contents, so a new build (or a changed offline page) gets a new cache and the old one goes.
 */
export function writeServiceWorker(distDir: string): { cacheName: string; urls: string[] } {
  const urls = listPrecachedUrls(distDir);
  const hash = createHash('sha256');
  for (const url of urls)
    hash
      .update(url)
      .update('\0')
      .update(fs.readFileSync(path.join(distDir, url)));
  const cacheName = `portal-assets-${hash.digest('hex').slice(0, 16)}`;
  const source = fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace("'__CACHE_NAME__'", JSON.stringify(cacheName))
    .replace('__PRECACHED_URLS__', JSON.stringify(urls));
  fs.writeFileSync(path.join(distDir, SERVICE_WORKER_FILE), source);
  return { cacheName, urls };
}
