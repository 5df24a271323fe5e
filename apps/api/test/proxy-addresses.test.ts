import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type TestApp, useTestApp } from './support/test-app.js';

/** Fires `count` wrong sign-ins at once, each with the X-Forwarded-For `forwardedFor(n)`; counts answers. */
async function spray(t: TestApp, count: number, forwardedFor: (n: number) => string, remoteAddress = '127.0.0.1') {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      t.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: `nobody${n}@firm.in`, password: 'Wrong@1234' },
        headers: { 'x-forwarded-for': forwardedFor(n) },
        remoteAddress,
      }),
    ),
  );
  return {
    checked: responses.filter((response) => response.statusCode === 401).length,
    throttled: responses.filter((response) => response.statusCode === 429).length,
  };
}

// One dialect is enough here: the counting is tested on both; this is about which address is counted.
describe('the address a limit counts behind proxies', () => {
  describe('TRUST_PROXY=true: a proxy beside the portal', () => {
    const t = useTestApp('block', 'sqlite', { env: { TRUST_PROXY: 'true' } });

    it('counts the address the proxy saw, not the ones the client wrote before it', async () => {
      // nginx appends the real peer: "whatever the client sent, 203.0.113.5".
      const result = await spray(t, 130, (n) => `10.9.0.${n}, 203.0.113.5`);
      expect(result).toEqual({ checked: 100, throttled: 30 });
    });

    it('does not believe a client that connects without a proxy', async () => {
      const result = await spray(t, 110, (n) => `10.8.0.${n}`, '198.51.100.7');
      expect(result).toEqual({ checked: 100, throttled: 10 });
    });

    it('counts an IPv6 client by its /64 network', async () => {
      const result = await spray(t, 105, (n) => `2001:db8:77:1::${n.toString(16)}`);
      expect(result).toEqual({ checked: 100, throttled: 5 });
    });
  });

  describe('TRUST_PROXY=2: a CDN in front of a proxy', () => {
    const t = useTestApp('block', 'sqlite', { env: { TRUST_PROXY: '2' } });

    it('counts the address the outer proxy saw', async () => {
      const result = await spray(t, 105, (n) => `10.7.0.${n}, 192.0.2.44, 172.16.0.9`);
      expect(result).toEqual({ checked: 100, throttled: 5 });
    });
  });

  it.each([
    ['false', false],
    ['true', ['loopback', 'linklocal', 'uniquelocal']],
    ['2', 2],
    ['10.0.0.1, 10.1.0.0/16', ['10.0.0.1', '10.1.0.0/16']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '11', '10.0.0.0/99', 'proxy.local'])('refuses TRUST_PROXY=%s with one line naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY must be false, true/);
  });
});
