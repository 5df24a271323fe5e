import {
  SESSION_MESSAGES,
  SESSION_PATHS,
  sessionIdParamsSchema,
  sessionSummarySchema,
} from '@portal/contract/sessions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { endOwnSession, listOwnSessions } from './sessions.service.js';

/** The caller's own sessions (My Profile); "Sign out everywhere" is `POST /api/logout {all: true}`. */
export function registerSessionRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  route.get(SESSION_PATHS.list, { answer: z.array(sessionSummarySchema) }, async (request) =>
    presentSuccess(SESSION_MESSAGES.listed, await listOwnSessions(context, requireActor(request))),
  );
  route.delete('/sessions/:id', { schema: { params: sessionIdParamsSchema }, answer: z.null() }, async (request) => {
    await endOwnSession(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(SESSION_MESSAGES.ended, null);
  });
}
