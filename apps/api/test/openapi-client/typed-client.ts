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

/** Signs in: a token, or (with a second factor) the challenge `POST /api/login/2fa` takes. */
export async function signIn(
  email: string,
  password: string,
): Promise<{ token: string; role: string } | { challenge: string }> {
  const answer = await call('post', '/api/login', { body: { email, password } });
  if (!('token' in answer.data)) return { challenge: answer.data.challenge };
  return { token: answer.data.token, role: answer.data.user.user_role.name };
}

/** The first page of the caller's clients (role 5), with what each row offers. */
export async function listClients(token: string): Promise<{ name: string; canEdit: boolean; pan: string | null }[]> {
  const answer = await call('get', '/api/user/userListByRole/{role_id}', { token, params: { role_id: 5 } });
  const total: number = answer.data.total;
  const canExport: boolean = answer.data.actions.export;
  return answer.data.data
    .filter(() => total > 0 || canExport)
    .map((client) => ({
      name: `${client.first_name} ${client.last_name}`,
      canEdit: client.permissions.edit,
      pan: client.pan_number ?? null,
    }));
}

/** One work item: its title, status and, for staff, who it is assigned to. */
export async function readWorkItem(token: string, id: number): Promise<{ title: string; status: string; due: string }> {
  const answer = await call('get', '/api/work/{id}', { token, params: { id } });
  const item = answer.data;
  const assignee: string | null = 'assignee' in item ? (item.assignee?.name ?? null) : null;
  // @ts-expect-error: a work item's status is one of the statuses, never a number.
  const wrong: number = item.status;
  return {
    title: `${item.title}${assignee ? ` (${assignee})` : ''}${wrong ? '' : ''}`,
    status: item.status,
    due: item.due_date,
  };
}
