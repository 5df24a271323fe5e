import { CSRF_COOKIE_NAME } from '@portal/contract/auth';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';
import { apiClient } from '../lib/api-client';

/** A request the screen sent: method, path under `/api`, query and body (JSON parsed, or the FormData). */
export type SentRequest = { method: string; path: string; params: Record<string, unknown>; body: unknown };
type Answer = { status: number; body: unknown };
/** A function may answer later (a promise): the request stays pending until then, as a slow server's would. */
type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/**
 * The network at the HTTP boundary: answers the one API client's requests from a table, as the server
 * would (its envelope and status), and keeps what was sent. A request nobody answered fails loudly.
 */
export function fakeApi() {
  const routes: { method: string; path: string | RegExp; reply: Reply }[] = [];
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      params: (config.params as Record<string, unknown>) ?? {},
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    sent.push(request);
    const route = [...routes]
      .reverse()
      .find(
        (entry) =>
          entry.method === request.method &&
          (typeof entry.path === 'string' ? entry.path === request.path : entry.path.test(request.path)),
      );
    const answer = route
      ? typeof route.reply === 'function'
        ? await route.reply(request)
        : route.reply
      : { status: 500, body: { status: 'error', message: `No fake answer for ${request.method} ${request.path}` } };
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (config.validateStatus?.(answer.status) ?? (answer.status >= 200 && answer.status < 300)) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      response,
    );
  };
  const original = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
  // The client fetches a CSRF cookie first when it has none; the browser would hold one after that.
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; this is the test's browser state
  document.cookie = `${CSRF_COOKIE_NAME}=test`;
  afterEach(() => {
    apiClient.defaults.adapter = original;
  });
  const api = {
    sent,
    /** Answers `method path` (a path under `/api`, or a pattern) from now on; a later answer wins. */
    on(method: string, path: string | RegExp, reply: Reply) {
      routes.push({ method: method.toUpperCase(), path, reply });
      return api;
    },
    /** The requests sent to `method path`. */
    sentTo(method: string, path: string) {
      return sent.filter((request) => request.method === method.toUpperCase() && request.path === path);
    },
  };
  return api;
}

/** The server's envelope of a success. */
export const ok = (data: unknown, message = 'Done.') => ({ status: 200, body: { status: 'success', message, data } });

/** The server's envelope of a refusal, with its field errors. */
export const refused = (status: number, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: { status: 'error', message, ...(errors ? { errors } : {}) },
});
