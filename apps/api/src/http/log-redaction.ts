import type { FastifyError, FastifyLoggerOptions, FastifyServerOptions } from 'fastify';

/** Fastify's logger options (its own and pino's). */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines go: stdout by default, a test's collector otherwise. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

export const REDACTED = '[redacted]';

// Words that mark a query parameter as secret: signed links' `sig`, any token, key, password or code, also
// inside longer names (`access_token`, `X-Amz-Signature`, `apiKey`). Broad on purpose: hiding a harmless
// value costs nothing, logging a live signature hands out the file.
const SECRET_WORDS = new Set([
  'sig',
  'signature',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'key',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'code',
  'jwt',
  'otp',
  'session',
]);
// `name=value` inside free text (a URL in a message or a stack): the value runs to the next separator.
const NAME_VALUE_PAIR = /([A-Za-z0-9_.%-]+)=([^\s&;#"']*)/g;
const BEARER = /\b(bearer)\s+[^\s"',;]+/gi;
// Paths whose segment is itself a token: a request link's (`/api/request-link/<token>`, the web's `/r/<token>`),
// a client's one-time download of its personal data (`/api/rights-download/<token>`).
const TOKEN_IN_PATH = /(\/request-link\/|\/r\/|\/rights-download\/)[^/?#\s"']+/g;
const MAX_CAUSES = 5;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Whether a parameter name says its value is a secret; `pincode` or `page` do not. */
export function isSecretName(name: string): boolean {
  const words = decodeName(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/** A path with the token of a request link replaced (docs/decisions/0036). */
function redactTokenPaths(text: string): string {
  return text.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
}

/** The URL with every secret query value, and a token in its path, replaced; names and order stay. */
export function redactUrl(given: string): string {
  const url = redactTokenPaths(given);
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1 || !isSecretName(pair.slice(0, equals))) return pair;
      return `${pair.slice(0, equals)}=${REDACTED}`;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/** Free text (a message, a stack) with secret query values and bearer tokens replaced. */
export function redactSecrets(text: string): string {
  return redactTokenPaths(text)
    .replace(NAME_VALUE_PAIR, (pair, name: string) => (isSecretName(name) ? `${name}=${REDACTED}` : pair))
    .replace(BEARER, `$1 ${REDACTED}`);
}

/**
 * An error as a log line shows it: type, message, stack (with its causes), code and status, scrubbed.
 * Deliberately not every enumerable property: a database error's `detail` would copy a user's values.
 */
function serializeError(error: FastifyError): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const stacks: string[] = [String(error.stack ?? error.message)];
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth += 1) {
    stacks.push(`caused by: ${cause.stack ?? cause.message}`);
    cause = cause.cause;
  }
  return {
    type: error.constructor?.name ?? 'Error',
    message: redactSecrets(String(error.message)),
    stack: redactSecrets(stacks.join('\n')),
    ...(error.code ? { code: error.code } : {}),
    ...(error.statusCode ? { statusCode: error.statusCode } : {}),
  };
}

const redactIfText = (value: unknown) => (typeof value === 'string' ? redactSecrets(value) : value);

/**
 * Fastify's logger options. The request line keeps the method and the URL without secret query values and
 * never a header (so never the Authorization bearer token); errors and free-text messages are scrubbed the
 * same way, which also covers Fastify's own lines that print a raw URL ("Route GET:/… not found").
 */
export function buildLoggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
    // Lines that carry request headers: @fastify/multipart logs its busboy options (headers included) at
    // trace level, and a future line might log headers too.
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        '*.headers["x-xsrf-token"]',
      ],
      censor: REDACTED,
    },
    formatters: {
      log: (object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, redactIfText(value)])),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(redactIfText) as Parameters<typeof method>);
      },
    },
  };
}
