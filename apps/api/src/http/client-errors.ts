import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentFailure } from './envelope.js';
import { GENERIC_MESSAGES } from './http-error.js';
import { applyResponseHeaders, NO_FRAMING_DIRECTIVE } from './response-headers.js';

export const CLIENT_ERROR_MESSAGES = {
  timeout: 'The request took too long to arrive. Please try again.',
  headersTooLarge: 'The request headers are too large.',
  addressTooLong: 'The address is too long.',
} as const;

// Headers are a few kilobytes: 30 s is ample even on a poor line, and a slow-loris sending them byte by
// byte loses its socket long before the whole-request limit.
const HEADERS_TIMEOUT_MS = 30_000;

/**
 * Node's HTTP server limits: the whole request (headers and body) must arrive within `requestTimeoutMs`.
 * Node checks them on a timer, so the check runs every tenth of the limit (0.25-5 s): a 300 s limit
 * ends at most 5 s late, a short test limit promptly.
 */
export function describeServerTimeouts(requestTimeoutMs: number): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeoutMs / 10))),
  };
}

function describeClientError(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: CLIENT_ERROR_MESSAGES.timeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: CLIENT_ERROR_MESSAGES.headersTooLarge };
  return { status: 400, message: GENERIC_MESSAGES.invalid };
}

/** Whether the socket's current response has started: then no second status line may be written. */
function hasResponseStarted(socket: Socket): boolean {
  const response = (socket as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  return Boolean(response?.headersSent);
}

/**
 * Fastify's `clientErrorHandler`: Node found the request broken (malformed, headers too large) or too
 * slow (request or headers timeout). No route runs, so the envelope and the headers every answer carries
 * are written here, then the connection closes: a slow-loris client never holds a socket past the limit.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is already gone; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = describeClientError(error.code);
  this.log.info({ code: error.code, statusCode: status }, 'client error: connection closed');
  if (socket.writable && !hasResponseStarted(socket)) {
    const body = JSON.stringify(presentFailure(message));
    socket.write(
      [
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'X-Frame-Options: DENY',
        `Content-Security-Policy: default-src 'none'; ${NO_FRAMING_DIRECTIVE}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, an over-long parameter) is
 * answered before any route or hook runs, so the envelope and the common headers are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, CLIENT_ERROR_MESSAGES.addressTooLong]
      : error.code === 'FST_ERR_ASYNC_CONSTRAINT'
        ? [500, GENERIC_MESSAGES.serverError]
        : [400, GENERIC_MESSAGES.invalid];
  applyResponseHeaders(request.url, reply);
  reply.code(status).header('x-content-type-options', 'nosniff').send(presentFailure(message));
}
