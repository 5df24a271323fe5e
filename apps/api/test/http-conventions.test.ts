import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '../src/http/http-error.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('HTTP conventions on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let webRoot: string;
  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Portal SPA</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));
  beforeEach(async () => {
    t = await createTestApp(dialect, {
      webRoot,
      addRoutes: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('database password is hunter2 at /srv/secret.ts:12');
        });
      },
    });
    token = await t.signIn(await t.createUser('admin'));
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/service/create',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"service_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: GENERIC_MESSAGES.malformedJson, errors: {} });
  });

  it('answers unknown fields with 400 naming each field, and stores nothing', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/service/create',
      token,
      payload: { service_name: 'GST', created_by: 7, role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: GENERIC_MESSAGES.unknownFields,
      errors: { created_by: ['This field is not allowed.'], role: ['This field is not allowed.'] },
    });
    expect(await t.context.db.selectFrom('services').selectAll().execute()).toEqual([]);
  });

  it('answers wrong types with 422 and a message per field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: ['admin'], password: 12345678 },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'password']);
  });

  /** A sign-in whose body is `body` as it stands, sent as `contentType`. */
  const postLoginText = (body: string, contentType: string) =>
    t.request({ method: 'POST', url: '/api/login', payload: body, headers: { 'content-type': contentType } });

  it('answers a body that is not an object with 422', async () => {
    const response = await postLoginText('[1,2]', 'application/json');
    expect(response.statusCode).toBe(422);
    expect(response.json().status).toBe('error');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await postLoginText('email=a&password=b', 'text/csv');
    expect(response.statusCode).toBe(415);
    expect(response.json().status).toBe('error');
  });

  it('answers an unknown API route with 404 in the envelope, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const response = await t.request({ method: 'GET', url: '/api/no/such/thing', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', message: GENERIC_MESSAGES.routeNotFound, errors: {} });
    }
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/explode', token });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', message: GENERIC_MESSAGES.serverError, errors: {} });
    expect(response.body).not.toMatch(/hunter2|secret\.ts|at /);
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.request({ method: 'GET', url: '/login' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown non-API paths with the SPA index page, uncached', async () => {
    for (const url of ['/', '/login', '/admin/service', '/some/unknown/path']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Portal SPA');
    }
  });

  it('serves hashed assets with a long cache and never falls back to the SPA for API paths', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.request({ method: 'GET', url: '/api/unknown' });
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('sets a readable XSRF-TOKEN cookie from /sanctum/csrf-cookie with 204', async () => {
    const response = await t.request({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((entry) => entry.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('publishes the OpenAPI description without signing in', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/service/create');
  });
});
