import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

// A built web folder as Vite's build leaves it: hashed assets under assets/, each text file with the
// brotli and gzip siblings the build writes (apps/web/build-tools/precompress.ts), and a file too small
// to have any.
const INDEX = `<!doctype html><title>Portal SPA</title>${'<!-- padding -->'.repeat(50)}`;
const SCRIPT = `export const greeting = ${JSON.stringify('namaste '.repeat(200))};`;
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const WORKER = `self.addEventListener('fetch', () => {}); // ${'padding '.repeat(40)}`;
const MANIFEST = JSON.stringify({ name: 'Practice Portal', display: 'standalone', padding: 'x'.repeat(400) });

function writeWithSiblings(file: string, content: string): void {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

describe('the built SPA, compressed and cached', () => {
  let webRoot: string;
  let t: TestApp;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    writeWithSiblings(path.join(webRoot, 'index.html'), INDEX);
    writeWithSiblings(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    fs.writeFileSync(path.join(webRoot, 'logo.svg'), LOGO);
    writeWithSiblings(path.join(webRoot, 'sw.js'), WORKER);
    writeWithSiblings(path.join(webRoot, 'manifest.webmanifest'), MANIFEST);
    // Serving files touches no table: one dialect is enough.
    t = await createTestApp('sqlite', { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const getScript = (acceptEncoding?: string) =>
    t.request({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  /** The script answered in `encoding`, as a script, and marked as varying on Accept-Encoding. */
  const expectCompressedScript = (response: Awaited<ReturnType<typeof getScript>>, encoding: 'br' | 'gzip') => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  };

  it('sends the brotli sibling to a browser that accepts br, saying so and varying on Accept-Encoding', async () => {
    const response = await getScript('gzip, deflate, br, zstd');
    expectCompressedScript(response, 'br');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip sibling to a browser that accepts gzip but not br', async () => {
    const response = await getScript('gzip');
    expectCompressedScript(response, 'gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding, or when br and gzip are refused', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await getScript(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a file the build left uncompressed as it is, even to a browser that accepts br', async () => {
    const response = await t.request({ method: 'GET', url: '/logo.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(LOGO);
  });

  it('caches hashed assets for a year as immutable, compressed or not', async () => {
    for (const acceptEncoding of [undefined, 'gzip', 'br']) {
      const response = await getScript(acceptEncoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches index.html as immutable, at its own path or as any page of the app, and compresses it', async () => {
    for (const url of ['/index.html', '/', '/login', '/mpc/client?page=2']) {
      const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
    const plain = await t.request({ method: 'GET', url: '/admin/dashboard' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('never sends a compressed sibling as a file of its own', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/index-Ab12Cd34.js.br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(fs.readFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js.br')))).toBe(
      false,
    );
  });

  it('sends the service worker uncached, as a script allowed to control the whole portal, compressed or not', async () => {
    for (const acceptEncoding of [undefined, 'br']) {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      const response = await t.request({ method: 'GET', url: '/sw.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['service-worker-allowed']).toBe('/');
      expect(response.headers['content-encoding']).toBe(acceptEncoding);
    }
    const script = await t.request({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(script.headers['service-worker-allowed']).toBeUndefined();
  });

  it('sends the web app manifest as application/manifest+json, uncached, compressed or not', async () => {
    for (const acceptEncoding of [undefined, 'gzip']) {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      const response = await t.request({ method: 'GET', url: '/manifest.webmanifest', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const body = acceptEncoding === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
      expect(JSON.parse(body)).toMatchObject({ name: 'Practice Portal', display: 'standalone' });
    }
  });

  it("lets the portal's pages start its service worker and read its manifest, from the portal only", async () => {
    const response = await t.request({ method: 'GET', url: '/login' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});
