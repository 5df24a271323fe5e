import { LINK_MESSAGES, LINK_PATHS, userLinkCreateSchema, userLinkSchema } from '@portal/contract/user-links';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { failNotFound } from '../../http/http-error.js';
import { createOwnLink, listOwnLinks, removeOwnLink } from './user-links.service.js';

/** A user's own links (spec: MPC User Link, PC and executor Files): nobody else's are reachable. */
export function registerUserLinkRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    LINK_PATHS.list,
    { ability: 'links.manage', answer: z.array(userLinkSchema), message: LINK_MESSAGES.listed },
    (_request, actor) => listOwnLinks(context, actor),
  );

  route.post(
    LINK_PATHS.create,
    {
      ability: 'links.manage',
      body: userLinkCreateSchema,
      answer: userLinkSchema,
      message: LINK_MESSAGES.created,
      created: true,
    },
    (request, actor) => createOwnLink(context, actor, request.body, request.ip),
  );

  route.delete(
    '/userLink/remove/:id',
    {
      ability: 'links.manage',
      params: userIdParamsSchema,
      answer: z.null(),
      message: LINK_MESSAGES.removed,
    },
    async (request, actor) => {
      if (!(await removeOwnLink(context, actor, request.params.id, request.ip))) failNotFound(LINK_MESSAGES.notFound);
      return null;
    },
  );
}
