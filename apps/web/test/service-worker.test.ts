import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_FILES } from '../build-tools/service-worker.ts';

// Reads the build in apps/web/dist, like first-page-size.test.ts: without a build it fails.
const dist = path.resolve(import.meta.dirname, '../dist');

/** The list and the cache name the build wrote into sw.js. */
function readWorker(): { cacheName: string; urls: string[]; source: string } {
  const source = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const cacheName = /const CACHE_NAME = "([^"]+)";/.exec(source)?.[1] ?? '';
  const urls = JSON.parse(/const PRECACHED = new Set\((\[.*?\])\);/s.exec(source)?.[1] ?? '[]') as string[];
  return { cacheName, urls, source };
}

describe('the service worker the build writes (apps/web/dist/sw.js)', () => {
  let worker: ReturnType<typeof readWorker>;
  beforeAll(() => {
    worker = readWorker();
  });

  it("holds every hashed file of the build and the offline page's, and nothing else", () => {
    const assets = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((file) => !/\.(?:br|gz)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(assets.length).toBeGreaterThan(10);
    expect([...worker.urls].sort()).toEqual([...OFFLINE_FILES, ...assets].sort());
    for (const url of worker.urls) expect(fs.existsSync(path.join(dist, url)), url).toBe(true);
  });

  it('never holds a page of the app, an API address or a download', () => {
    for (const url of worker.urls) {
      expect(url).not.toMatch(/^\/(?:api|document|sanctum)(?:\/|$)/);
      expect(url).not.toMatch(/(?:^\/$|index\.html$|\.webmanifest$|sw\.js$)/);
    }
  });

  it('names its cache after this build, and the offline page says plainly that the portal needs a connection', () => {
    expect(worker.cacheName).toMatch(/^portal-assets-[0-9a-f]{16}$/);
    expect(worker.source).not.toContain('__PRECACHED_URLS__');
    const offline = fs.readFileSync(path.join(dist, 'offline.html'), 'utf8');
    expect(offline).toContain('The portal needs a connection; your files are not stored on this device.');
    // It runs no script: what it shows cannot be an old copy of the app or its data.
    expect(offline).not.toContain('<script');
  });

  it("index.html links the manifest, the theme colour and the touch icon, and adds no script to the sign-in page's", () => {
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(index).toContain('<meta name="theme-color" content="#0d6efd"');
    expect(index).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    // The worker is registered from the first script (main.tsx), never a script of its own.
    expect([...index.matchAll(/<script\b/g)]).toHaveLength(1);
  });
});
