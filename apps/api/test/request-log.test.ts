import { afterEach, describe, expect, it } from 'vitest';
import { UNMATCHED_ROUTE } from '../src/http/request-log.js';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

type LogLine = Record<string, unknown> & { msg?: string };

/** A real app listening on a socket, its log collected line by line. */
async function startLoggedApp(dialect: Parameters<typeof createTestApp>[0], level: string) {
  const lines: string[] = [];
  const t = await createTestApp(dialect, {
    env: { LOG_LEVEL: level },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  const base = `http://127.0.0.1:${await listenOnFreePort(t)}`;
  return { t, lines, base, parsed: () => lines.map((line) => JSON.parse(line) as LogLine) };
}

describe.each(listTestDialects())('the request log on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes one line per request with method, route pattern, status and time, and no query string or token', async () => {
    const started = await startLoggedApp(dialect, 'info');
    t = started.t;
    const admin = await t.createUser('admin');
    const token = await t.signIn(admin);
    const secretQuery = 'token=q-secret-123&sig=s-secret-456&page=2';
    const detail = await fetch(`${started.base}/api/user/detail/${admin.id}?${secretQuery}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.status).toBe(200);
    const missing = await fetch(`${started.base}/api/no/such/place-xyzzy?${secretQuery}`);
    expect(missing.status).toBe(404);
    // The line is written once the answer has gone: wait for the last request's.
    await expect.poll(() => started.parsed().filter((line) => line.msg === 'request').length).toBe(3);

    const requestLines = started.parsed().filter((line) => line.msg === 'request');
    const [signInLine, detailLine, missingLine] = requestLines;
    expect(signInLine).toMatchObject({ method: 'POST', route: '/api/login', status: 200 });
    expect(detailLine).toMatchObject({ level: 30, method: 'GET', route: '/api/user/detail/:id', status: 200 });
    expect(typeof detailLine?.ms).toBe('number');
    expect(detailLine?.ms).toBeGreaterThan(0);
    expect(missingLine).toMatchObject({ method: 'GET', route: UNMATCHED_ROUTE, status: 404 });
    // Nothing else about the request: no URL, no headers, no request object.
    expect(Object.keys(detailLine ?? {}).sort()).toEqual(
      ['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time'].sort(),
    );

    const log = started.lines.join('');
    expect(log).not.toMatch(/incoming request|request completed/);
    for (const leaked of ['?', 'q-secret-123', 's-secret-456', 'page=2', token, 'xyzzy'])
      expect(requestLines.map((line) => JSON.stringify(line)).join('\n')).not.toContain(leaked);
    expect(log).not.toContain(token);
    expect(log).not.toContain('q-secret-123');
    expect(log).not.toContain(admin.password);
  });

  it('writes no request line below info', async () => {
    const started = await startLoggedApp(dialect, 'warn');
    t = started.t;
    // The request line is written when the response finishes; the socket's response closes after that.
    const closed = new Promise((resolve) =>
      started.t.app.server.once('request', (_request, response) => response.once('close', resolve)),
    );
    const answer = await fetch(`${started.base}/api/common/settings`);
    expect(answer.status).toBe(200);
    await closed;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started.lines).toEqual([]);
  });
});
