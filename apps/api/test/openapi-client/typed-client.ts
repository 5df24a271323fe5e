/**
 * A small client typed only by what openapi-typescript generates from /api/docs/json (`portal-api.ts`,
 * written beside it by openapi-client.test.ts): if the document stops describing an answer, or describes
 * it wrongly, this file stops type-checking. Not compiled with the API (apps/api/tsconfig.json excludes it).
 */
import type { paths } from './portal-api.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The JSON body of an operation's 200 answer. */
export type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

async function call<P extends keyof paths, M extends Method>(
  method: M,
  path: P,
  options: { token?: string; body?: unknown; params?: Record<string, string | number> } = {},
): Promise<Answer<P, M>> {
  const url = String(path).replace(/\{(\w+)\}/g, (_, name: string) => String(options.params?.[name]));
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await response.json()) as Answer<P, M>;
}

export async function listServiceNames(token: string): Promise<string[]> {
  const answer = await call('get', '/api/service/allServices', { token });
  const names: string[] = answer.data.map((service) => service.service_name);
  // @ts-expect-error: a service has no field of that name; a document that typed it loosely would let this pass.
  answer.data[0]?.no_such_field;
  return names;
}
