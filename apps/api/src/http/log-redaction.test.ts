import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildLoggerOptions, isSecretName, REDACTED, redactSecrets, redactUrl } from './log-redaction.js';

describe('redacting secrets from logged URLs', () => {
  it.each([
    [
      '/api/file/download/1?u=3&expires=1700000000&sig=abc-DEF_1',
      `/api/file/download/1?u=3&expires=1700000000&sig=${REDACTED}`,
    ],
    [
      '/document/pan_proof/0123abcd.pdf?expires=1&sig=zzz',
      `/document/pan_proof/0123abcd.pdf?expires=1&sig=${REDACTED}`,
    ],
    ['/api/x?token=t0k&page=2', `/api/x?token=${REDACTED}&page=2`],
    [
      '/api/x?access_token=a&apiKey=b&X-Amz-Signature=c&password=d',
      `/api/x?access_token=${REDACTED}&apiKey=${REDACTED}&X-Amz-Signature=${REDACTED}&password=${REDACTED}`,
    ],
    ['/api/x?%73ig=encoded', `/api/x?%73ig=${REDACTED}`],
    ['/api/common/pincode?pincode=560001', '/api/common/pincode?pincode=560001'],
    ['/api/user/userListByRole/5?page=1&limit=10&name=Asha', '/api/user/userListByRole/5?page=1&limit=10&name=Asha'],
    ['/api/me', '/api/me'],
    ['/api/x?flag&sig=', `/api/x?flag&sig=${REDACTED}`],
    // A request link's token is its path (docs/decisions/0036).
    ['/api/request-link/AbC_d-12', `/api/request-link/${REDACTED}`],
    ['/api/request-link/AbC_d-12/items/4/upload?x=1', `/api/request-link/${REDACTED}/items/4/upload?x=1`],
    ['/r/AbC_d-12', `/r/${REDACTED}`],
    ['/api/rights-download/AbC_d-12', `/api/rights-download/${REDACTED}`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('reads secret names by their words, not by any substring', () => {
    expect(['sig', 'signature', 'refresh_token', 'clientSecret', 'otp', 'code'].every(isSecretName)).toBe(true);
    expect(['pincode', 'page', 'design', 'monkey', 'u', 'expires'].some(isSecretName)).toBe(false);
  });

  it('scrubs free text: URLs inside messages and bearer tokens', () => {
    expect(redactSecrets('Route GET:/api/file/download/1?u=2&sig=abc not found')).toBe(
      `Route GET:/api/file/download/1?u=2&sig=${REDACTED} not found`,
    );
    expect(redactSecrets('authorization: Bearer 12|abcDEF.ghi')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(redactSecrets('Route POST:/api/request-link/tok3n/items/1/upload not found')).toBe(
      `Route POST:/api/request-link/${REDACTED}/items/1/upload not found`,
    );
  });
});

describe('the logger options', () => {
  it('never writes a secret through any of the usual ways of logging', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: buildLoggerOptions('trace', { write: (line) => void lines.push(line) }) });
    const request = {
      method: 'GET',
      url: '/api/file/download/9?u=1&expires=2&sig=SIGNATURE1',
      host: 'portal.test',
      ip: '127.0.0.1',
      headers: { authorization: 'Bearer TOKEN1' },
    };
    app.log.info({ req: request }, 'incoming request');
    app.log.error({ err: new Error('failed on /document/x/y?expires=1&sig=SIGNATURE2') }, 'request failed');
    app.log.info('Route GET:/api/z?token=TOKEN2 not found');
    app.log.trace({ busboyOptions: { headers: { authorization: 'Bearer TOKEN3', cookie: 'XSRF-TOKEN=TOKEN4' } } });
    app.log.info({ url: '/api/y?signature=SIGNATURE3' }, 'custom line');
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/file/download/9?u=1&expires=2&sig=');
    for (const secret of ['SIGNATURE1', 'SIGNATURE2', 'SIGNATURE3', 'TOKEN1', 'TOKEN2', 'TOKEN3', 'TOKEN4']) {
      expect(log).not.toContain(secret);
    }
  });
});
