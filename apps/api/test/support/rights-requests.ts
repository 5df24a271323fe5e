import { expect } from 'vitest';
import type { ApiCall } from './api-call.js';

/**
 * The steps of a rights request the tests take through the API, each checked to succeed: a client asks,
 * staff act on it (`progress`, `answer`, `close`, …), and the firm's queue is read.
 */
export function bindRightsRequestCalls(call: ApiCall) {
  const ask = async (client: { token: string }, body: object) => {
    const response = await call('POST', '/api/me/rights-requests', client.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const act = async (token: string, id: number, step: string, body?: object) => {
    const response = await call('POST', `/api/rights-requests/${id}/${step}`, token, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const queue = async (token: string, query = '') => {
    const response = await call('GET', `/api/rights-requests${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  return { ask, act, queue };
}
