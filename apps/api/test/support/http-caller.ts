import type { LightMyRequestResponse } from 'fastify';
import { signInThroughApi } from './sign-in.js';
import type { ApiCaller, TestApp } from './test-app.js';

type RequestOptions = Parameters<TestApp['request']>[0];

/**
 * The API helpers' `request` and `signIn` against a portal process over HTTP, answering in the shape
 * `app.inject` answers (status, headers, body), so people.ts and firm.ts serve both.
 */
export function createHttpCaller(baseUrl: string): ApiCaller {
  const request = async ({ method, url, token, headers, payload }: RequestOptions) => {
    const isJson = payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload);
    const response = await fetch(new URL(String(url), baseUrl), {
      method: String(method ?? 'GET'),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      body: payload === undefined ? undefined : isJson ? JSON.stringify(payload) : (payload as Buffer | string),
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const answer = {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      rawPayload,
      body: rawPayload.toString(),
      json: () => JSON.parse(rawPayload.toString()),
    };
    return answer as unknown as LightMyRequestResponse;
  };
  return { request, signIn: (user) => signInThroughApi(request, user) };
}
