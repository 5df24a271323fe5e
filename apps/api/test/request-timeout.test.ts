import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MESSAGES } from '../src/http/client-errors.js';
import { GENERIC_MESSAGES } from '../src/http/http-error.js';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app.js';

type RawExchange = { response: string; closed: boolean; elapsedMs: number };

/**
 * Speaks raw HTTP: writes `head`, then `trickle` one byte every 200 ms until the server answers or closes.
 * Gives up (and says so) after `giveUpMs`, so a hang fails the test instead of stalling it.
 */
function exchange(port: number, head: string, trickle: string, giveUpMs: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.writable) return;
      socket.write(trickle[sent % trickle.length] as string);
      sent += 1;
    }, 200);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ response, closed, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      response += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => socket.write(head));
  });
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

// Node's own HTTP server is what enforces the limit, so these tests listen on a real port.
describe('the request time limit', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    port = await listenOnFreePort(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a body that trickles in forever with 408 in the envelope and closes the socket', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const result = await exchange(port, head, ' ', 8000);
    expect(result.closed).toBe(true);
    expect(result.elapsedMs).toBeLessThan(4000);
    const response = parseResponse(result.response);
    expect(response.status).toBe(408);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(JSON.parse(response.body)).toEqual({ status: 'error', message: CLIENT_ERROR_MESSAGES.timeout, errors: {} });
  });

  it('answers headers that trickle in forever with 408 too', async () => {
    const result = await exchange(port, 'GET /api/me HTTP/1.1\r\nHost: portal.test\r\n', 'X', 8000);
    expect(result.closed).toBe(true);
    const response = parseResponse(result.response);
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'error', errors: {} });
  });

  it('answers a malformed request with 400 in the envelope', async () => {
    const result = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n', '', 4000);
    expect(result.closed).toBe(true);
    const response = parseResponse(result.response);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ status: 'error', message: GENERIC_MESSAGES.invalid, errors: {} });
  });

  it('still serves a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/common/settings`);
    expect(response.status).toBe(200);
  });
});
