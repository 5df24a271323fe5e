import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentFailure } from './envelope.js';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';
import { linkProblemPage } from './link-problem.js';

type FrameworkError = FastifyError & { validation?: unknown };

// Fastify's own 4xx codes, reworded for people: its messages name internals.
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: GENERIC_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: GENERIC_MESSAGES.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: GENERIC_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: GENERIC_MESSAGES.tooLarge },
};

function describeClientError(status: number): string {
  if (status === 404) return GENERIC_MESSAGES.notFound;
  if (status === 405) return GENERIC_MESSAGES.methodNotAllowed;
  if (status === 413) return GENERIC_MESSAGES.tooLarge;
  if (status === 415) return GENERIC_MESSAGES.unsupportedMediaType;
  return GENERIC_MESSAGES.invalid;
}

/** Every failure leaves as the envelope of docs/api-conventions.md; a 5xx never carries internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FrameworkError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      const page = linkProblemPage(request, error);
      if (page) return reply.redirect(page, 303);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(presentFailure(error.message, error.errors, error.envelopeCode));
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send(presentFailure(known.message));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send(presentFailure(GENERIC_MESSAGES.malformedJson));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(presentFailure(describeClientError(status)));
    }
    // `req` goes through the logger's serializer, which keeps secret query values (signed links) out.
    request.log.error({ err: error, req: request }, 'request failed');
    return reply.code(500).send(presentFailure(GENERIC_MESSAGES.serverError));
  });
}
