import type { FastifyInstance, FastifyReply } from 'fastify';

export const NO_FRAMING_DIRECTIVE = "frame-ancestors 'none'";

/** Whether a path is the API's: its answers carry personal data and must never sit in a cache. */
function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A CSP that forbids framing, whatever the route set: its own frame-ancestors gives way to 'none'. */
export function denyFramingInPolicy(policy: string | undefined): string {
  const directives = (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, NO_FRAMING_DIRECTIVE].join('; ');
}

function readHeader(reply: FastifyReply, name: string): string | undefined {
  const value = reply.getHeader(name);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Headers no route may forget, applied as each answer leaves (errors and 404s included):
 * - every `/api` answer `Cache-Control: no-store` (a route's own value is kept when it already says no-store,
 *   e.g. downloads' `private, no-store`), so no shared or browser cache keeps a token, a PAN or a signed link;
 * - framing denied on every answer, including the Swagger UI under /api/docs, which sets its own CSP
 *   (clickjacking: no page of the portal may be shown inside another site's frame).
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    applyResponseHeaders(request.url, reply);
    return payload;
  });
}

/** The rules above for one answer; also used where Fastify answers without running hooks. */
export function applyResponseHeaders(url: string, reply: FastifyReply): void {
  if (isApiPath(url) && !/\bno-store\b/i.test(readHeader(reply, 'cache-control') ?? '')) {
    reply.header('cache-control', 'no-store');
  }
  reply.header('x-frame-options', 'DENY');
  reply.header('content-security-policy', denyFramingInPolicyOnce(readHeader(reply, 'content-security-policy')));
}

// Nearly every answer carries the same policy (security-headers.ts): it is rewritten once, not per answer.
let lastPolicy: { given: string | undefined; result: string } | undefined;
function denyFramingInPolicyOnce(given: string | undefined): string {
  if (lastPolicy !== undefined && lastPolicy.given === given) return lastPolicy.result;
  lastPolicy = { given, result: denyFramingInPolicy(given) };
  return lastPolicy.result;
}
