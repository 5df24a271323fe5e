import { API_BASE_PATH } from '@portal/contract/envelope';
import { SESSION_MESSAGES, SESSION_PATHS, sessionIdParamsSchema } from '@portal/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { endOwnSession, listOwnSessions } from './sessions.service.js';

/** The caller's own sessions (My Profile); "Sign out everywhere" is `POST /api/logout {all: true}`. */
export function registerSessionRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(`${API_BASE_PATH}${SESSION_PATHS.list}`, async (request) =>
    presentSuccess(SESSION_MESSAGES.listed, await listOwnSessions(context, requireActor(request))),
  );
  app.delete(`${API_BASE_PATH}/sessions/:id`, { schema: { params: sessionIdParamsSchema } }, async (request) => {
    await endOwnSession(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(SESSION_MESSAGES.ended, null);
  });
}
