import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { ApiCaller } from './test-app.js';

/** A call of an endpoint as `token`'s user, with `payload` as its JSON body when given. */
export type ApiCall = (
  method: HTTPMethods,
  url: string,
  token: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** The short form the API tests call endpoints in: `call('POST', url, token, payload)` on `t`. */
export function bindApiCall(t: ApiCaller): ApiCall {
  return (method, url, token, payload) => t.request({ method, url, token, ...(payload ? { payload } : {}) });
}
