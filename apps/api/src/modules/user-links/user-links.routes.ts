import { API_BASE_PATH } from '@portal/contract/envelope';
import { LINK_MESSAGES, LINK_PATHS, userLinkCreateSchema } from '@portal/contract/user-links';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { failNotFound } from '../../http/http-error.js';
import { requireAbility } from '../../policy/policy.js';
import { createOwnLink, listOwnLinks, removeOwnLink } from './user-links.service.js';

/** A user's own links (spec: MPC User Link, PC and executor Files): nobody else's are reachable. */
export function registerUserLinkRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const canManage = requireAbility('links.manage');

  app.get(`${API_BASE_PATH}${LINK_PATHS.list}`, { preValidation: canManage }, async (request) =>
    presentSuccess(LINK_MESSAGES.listed, await listOwnLinks(context, requireActor(request))),
  );

  app.post(
    `${API_BASE_PATH}${LINK_PATHS.create}`,
    { preValidation: canManage, schema: { body: userLinkCreateSchema } },
    async (request, reply) => {
      const link = await createOwnLink(context, requireActor(request), request.body, request.ip);
      reply.code(201);
      return presentSuccess(LINK_MESSAGES.created, link);
    },
  );

  app.delete(
    `${API_BASE_PATH}/userLink/remove/:id`,
    { preValidation: canManage, schema: { params: userIdParamsSchema } },
    async (request) => {
      if (!(await removeOwnLink(context, requireActor(request), request.params.id, request.ip)))
        failNotFound(LINK_MESSAGES.notFound);
      return presentSuccess(LINK_MESSAGES.removed, null);
    },
  );
}
