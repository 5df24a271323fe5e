import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyFramingInPolicy } from '../src/http/response-headers.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const expectNoFraming = (headers: Record<string, unknown>, url: string) => {
  expect(headers['x-frame-options'], url).toBe('DENY');
  const policy = String(headers['content-security-policy']);
  expect(policy, url).toContain("frame-ancestors 'none'");
  expect(policy.match(/frame-ancestors/g), url).toHaveLength(1);
};

describe('CSP framing rule', () => {
  it.each([
    [undefined, "frame-ancestors 'none'"],
    ["default-src 'self'", "default-src 'self'; frame-ancestors 'none'"],
    [
      "default-src 'self'; frame-ancestors 'self'; img-src data:;",
      "default-src 'self'; img-src data:; frame-ancestors 'none'",
    ],
    ['FRAME-ANCESTORS https://evil.example', "frame-ancestors 'none'"],
  ])('%s', (given, expected) => {
    expect(denyFramingInPolicy(given)).toBe(expected);
  });
});

describe.each(listTestDialects())('headers every answer carries on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      addRoutes: (app) => {
        // Routes that set their own headers, as a download or a framable preview would.
        app.get('/api/test/own-cache', { config: { public: true } }, async (_request, reply) =>
          reply.header('cache-control', 'private, no-store').send({ ok: true }),
        );
        app.get('/api/test/cacheable', { config: { public: true } }, async (_request, reply) =>
          reply.header('cache-control', 'public, max-age=3600').send({ ok: true }),
        );
        app.get('/api/test/framable', { config: { public: true } }, async (_request, reply) =>
          reply
            .header('content-security-policy', "frame-ancestors 'self'")
            .header('x-frame-options', 'SAMEORIGIN')
            .send({ ok: true }),
        );
      },
    });
    token = await t.signIn(await t.createUser('admin'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks every /api answer no-store: successes, failures and unknown routes', async () => {
    const calls = [
      { url: '/api/me', token, status: 200 },
      { url: '/api/common/settings', status: 200 },
      { url: '/api/me', status: 401 },
      { url: '/api/service/options', status: 200 },
      { url: '/api/user/detail/999999', token, status: 404 },
      { url: '/api/no/such/route', token, status: 404 },
      { url: '/api', status: 404 },
      { url: '/api/docs/json', status: 200 },
    ];
    for (const call of calls) {
      const response = await t.request({ method: 'GET', url: call.url, ...(call.token ? { token: call.token } : {}) });
      expect(response.statusCode, call.url).toBe(call.status);
      expect(response.headers['cache-control'], call.url).toBe('no-store');
      expectNoFraming(response.headers, call.url);
    }
    // Fastify answers a URL it cannot decode before any route or hook.
    const badUrl = await t.request({ method: 'GET', url: '/api/user/detail/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ status: 'error', errors: {} });
    expect(badUrl.headers['cache-control']).toBe('no-store');
    expectNoFraming(badUrl.headers, 'bad url');
    const failed = await t.request({
      method: 'POST',
      url: '/api/service/create',
      token,
      payload: { service_name: '' },
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own no-store value and replaces one that allows caching", async () => {
    const own = await t.request({ method: 'GET', url: '/api/test/own-cache' });
    expect(own.headers['cache-control']).toBe('private, no-store');
    const cacheable = await t.request({ method: 'GET', url: '/api/test/cacheable' });
    expect(cacheable.headers['cache-control']).toBe('no-store');
  });

  it('denies framing everywhere: the API docs and their assets, the SPA paths, and a route that allowed it', async () => {
    const docs = await t.request({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    expectNoFraming(docs.headers, '/api/docs');
    for (const url of [
      '/api/docs/static/index.css',
      '/api/docs/static/swagger-ui.css',
      '/api/docs/static/swagger-initializer.js',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectNoFraming(response.headers, url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/login', '/document/pan_proof/nothing?expires=1&sig=x', '/api/test/framable']) {
      expectNoFraming((await t.request({ method: 'GET', url })).headers, url);
    }
  });
});
