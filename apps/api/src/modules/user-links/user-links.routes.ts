import { LINK_MESSAGES, LINK_PATHS, userLinkCreateSchema, userLinkSchema } from '@portal/contract/user-links';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { failNotFound } from '../../http/http-error.js';
import { createOwnLink, listOwnLinks, removeOwnLink } from './user-links.service.js';

/** A user's own links (spec: MPC User Link, PC and executor Files): nobody else's are reachable. */
export function registerUserLinkRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(LINK_PATHS.list, { ability: 'links.manage', answer: z.array(userLinkSchema) }, async (request) =>
    presentSuccess(LINK_MESSAGES.listed, await listOwnLinks(context, requireActor(request))),
  );

  route.post(
    LINK_PATHS.create,
    { ability: 'links.manage', schema: { body: userLinkCreateSchema }, answer: userLinkSchema },
    async (request, reply) => {
      const link = await createOwnLink(context, requireActor(request), request.body, request.ip);
      reply.code(201);
      return presentSuccess(LINK_MESSAGES.created, link);
    },
  );

  route.delete(
    '/userLink/remove/:id',
    { ability: 'links.manage', schema: { params: userIdParamsSchema }, answer: z.null() },
    async (request) => {
      if (!(await removeOwnLink(context, requireActor(request), request.params.id, request.ip)))
        failNotFound(LINK_MESSAGES.notFound);
      return presentSuccess(LINK_MESSAGES.removed, null);
    },
  );
}
