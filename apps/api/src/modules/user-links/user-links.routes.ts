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
import { recordAudit } from '../audit/audit.service.js';
import { presentUserLink } from './user-link.presenter.js';
import { deleteOwnLink, insertLink, listLinksOf } from './user-links.repository.js';

/** A user's own links (spec: MPC User Link, PC and executor Files): nobody else's are reachable. */
export function registerUserLinkRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const canManage = requireAbility('links.manage');

  app.get(`${API_BASE_PATH}${LINK_PATHS.list}`, { preValidation: canManage }, async (request) => {
    const rows = await listLinksOf(context.db, requireActor(request).id);
    return presentSuccess(LINK_MESSAGES.listed, rows.map(presentUserLink));
  });

  app.post(
    `${API_BASE_PATH}${LINK_PATHS.create}`,
    { preValidation: canManage, schema: { body: userLinkCreateSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const now = context.clock.now();
      const row = await insertLink(context.db, { ownerId: actor.id, ...request.body, now: now.toISOString() });
      await recordAudit(context.db, {
        actorId: actor.id,
        action: 'link.create',
        entityType: 'user_link',
        entityId: row.id,
        ip: request.ip,
        at: now,
      });
      reply.code(201);
      return presentSuccess(LINK_MESSAGES.created, presentUserLink(row));
    },
  );

  app.delete(
    `${API_BASE_PATH}/userLink/remove/:id`,
    { preValidation: canManage, schema: { params: userIdParamsSchema } },
    async (request) => {
      const actor = requireActor(request);
      const removed = await context.db.transaction().execute(async (trx) => {
        if (!(await deleteOwnLink(trx, actor.id, request.params.id))) return false;
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'link.remove',
          entityType: 'user_link',
          entityId: request.params.id,
          ip: request.ip,
          at: context.clock.now(),
        });
        return true;
      });
      if (!removed) failNotFound(LINK_MESSAGES.notFound);
      return presentSuccess(LINK_MESSAGES.removed, null);
    },
  );
}
