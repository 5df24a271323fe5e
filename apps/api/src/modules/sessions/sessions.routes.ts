import {
  SESSION_MESSAGES,
  SESSION_PATHS,
  sessionIdParamsSchema,
  sessionSummarySchema,
} from '@portal/contract/sessions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { endOwnSession, listOwnSessions } from './sessions.service.js';

/** The caller's own sessions (My Profile); "Sign out everywhere" is `POST /api/logout {all: true}`. */
export function registerSessionRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  route.get(
    SESSION_PATHS.list,
    { answer: z.array(sessionSummarySchema), message: SESSION_MESSAGES.listed },
    (_request, actor) => listOwnSessions(context, actor),
  );
  route.delete(
    '/sessions/:id',
    { params: sessionIdParamsSchema, answer: z.null(), message: SESSION_MESSAGES.ended },
    (request, actor) => endOwnSession(context, actor, request.params.id, request.ip),
  );
}
