import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/** Why a signed link cannot be followed; the web's `/link-problem` page explains each. */
type LinkProblem = 'expired' | 'invalid' | 'missing' | 'used';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route people reach by following a signed link: when the browser navigated there (not a script
     * calling it), a refusal sends them to the web's explanation page rather than showing raw JSON.
     */
    linkPage?: boolean;
  }
}

/** A signed link that is past its time or not one this server made. */
export class LinkProblemError extends HttpError {
  constructor(
    readonly problem: Exclude<LinkProblem, 'missing'>,
    message: string,
  ) {
    super(403, message);
  }
}

/** A one-time link already used, or past its end: 410, it existed and is gone (a rights download, 0042). */
export class LinkGoneError extends HttpError {
  constructor(
    readonly problem: 'used' | 'expired',
    message: string,
  ) {
    super(410, message);
  }
}

/** A person's browser opening the link (a click, a new tab, a pasted address), not a fetch or download call. */
function isBrowserNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (request.headers.accept ?? '').split(',')[0]?.trim() === 'text/html';
}

/** Where to send a navigation that a link route refused, or null to answer with the envelope as usual. */
export function linkProblemPage(request: FastifyRequest, error: HttpError): string | null {
  if (!request.routeOptions.config?.linkPage || !isBrowserNavigation(request)) return null;
  if (error.statusCode !== 403 && error.statusCode !== 404 && error.statusCode !== 410) return null;
  const problem: LinkProblem =
    error instanceof LinkProblemError || error instanceof LinkGoneError ? error.problem : 'missing';
  return `/link-problem?reason=${problem}`;
}
