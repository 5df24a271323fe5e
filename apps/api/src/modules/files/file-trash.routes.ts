import {
  FILE_TRASH_MESSAGES,
  trashEntryParamsSchema,
  trashListQuerySchema,
  trashPageSchema,
  trashRestoredSchema,
} from '@portal/contract/file-trash';
import { clientServiceParamsSchema } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { listServiceTrash } from './file-trash.service.js';
import { purgeTrashEntry } from './file-trash-purge.service.js';
import { restoreTrashEntry } from './file-trash-restore.service.js';

/** A client service's trash (docs/decisions/0043): its list, a restore, and a deletion for good. */
export function registerFileTrashRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/trash/:client_id/:service_id',
    {
      params: clientServiceParamsSchema,
      querystring: trashListQuerySchema,
      answer: trashPageSchema,
      message: FILE_TRASH_MESSAGES.listed,
    },
    (request, actor) =>
      listServiceTrash(
        context,
        actor,
        { clientId: request.params.client_id, serviceId: request.params.service_id },
        request.query,
      ),
  );

  route.post('/trash/:id/restore', { params: trashEntryParamsSchema, answer: trashRestoredSchema }, async (request) => {
    const restored = await restoreTrashEntry(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(
      restored.moved_to_top ? FILE_TRASH_MESSAGES.restoredToTop : FILE_TRASH_MESSAGES.restored,
      restored,
    );
  });

  route.delete(
    '/trash/:id',
    { params: trashEntryParamsSchema, answer: z.null(), message: FILE_TRASH_MESSAGES.purged },
    (request, actor) => purgeTrashEntry(context, actor, request.params.id, request.ip),
  );
}
