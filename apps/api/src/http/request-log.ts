import type { FastifyInstance } from 'fastify';

/** What a request that matched no route is logged as: its path could hold anything a client typed. */
export const UNMATCHED_ROUTE = '(no route)';

const LEVELS_SHOWING_INFO = new Set(['info', 'debug', 'trace']);

/**
 * One line per answered request: `{"method","route","status","ms","msg":"request"}`. The route is the
 * pattern (`/api/user/detail/:id`), never the URL, so no id, query string or signed link's signature
 * reaches the log, and lines group by endpoint. Replaces Fastify's two lines per request ("incoming
 * request", "request completed"; `LogController` with `disableRequestLogging` in app.ts), which each serialized the request.
 * Below `info` nothing is registered, so a quieter log costs the hook nothing either.
 */
export function registerRequestLog(app: FastifyInstance, level: string): void {
  if (!LEVELS_SHOWING_INFO.has(level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}
