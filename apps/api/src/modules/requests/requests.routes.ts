import { API_BASE_PATH } from '@portal/contract/envelope';
import {
  REQUEST_MESSAGES,
  REQUEST_PATHS,
  requestCreateSchema,
  requestIdParamsSchema,
  requestItemParamsSchema,
  requestListQuerySchema,
  requestReviewSchema,
} from '@portal/contract/requests';
import { workIdParamsSchema } from '@portal/contract/work';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { readMultipartForm } from '../../http/multipart-form.js';
import { requireAbility } from '../../policy/policy.js';
import { listRequests, readRequest } from './request-reads.service.js';
import { uploadToRequest } from './request-uploads.service.js';
import { cancelRequest, createRequest, reviewRequestItem } from './request-writes.service.js';

/** Document requests of work items (docs/compliance-calendar.md, "Document requests"). */
export function registerRequestRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;
  const canList = requireAbility('requests.list');
  const canManage = requireAbility('requests.manage');

  app.get(
    path(REQUEST_PATHS.list),
    { preValidation: canList, schema: { querystring: requestListQuerySchema } },
    async (request) =>
      presentSuccess(REQUEST_MESSAGES.listed, await listRequests(context, requireActor(request), request.query)),
  );

  app.post(
    path('/work/:id/requests'),
    { preValidation: canManage, schema: { params: workIdParamsSchema, body: requestCreateSchema } },
    async (request, reply) => {
      const created = await createRequest(context, requireActor(request), request.params.id, request.body);
      return reply.code(201).send(presentSuccess(REQUEST_MESSAGES.created, created));
    },
  );

  app.get(
    path('/requests/:id'),
    { preValidation: canList, schema: { params: requestIdParamsSchema } },
    async (request) =>
      presentSuccess(REQUEST_MESSAGES.fetched, await readRequest(context, requireActor(request), request.params.id)),
  );

  app.post(
    path('/requests/:id/cancel'),
    { preValidation: canManage, schema: { params: requestIdParamsSchema } },
    async (request) =>
      presentSuccess(
        REQUEST_MESSAGES.cancelled,
        await cancelRequest(context, requireActor(request), request.params.id),
      ),
  );

  app.put(
    path('/requests/:id/items/:item_id'),
    { preValidation: canManage, schema: { params: requestItemParamsSchema, body: requestReviewSchema } },
    async (request) => {
      const { id, item_id } = request.params;
      const answer = await reviewRequestItem(context, requireActor(request), id, item_id, request.body);
      return presentSuccess(
        request.body.status === 'accepted' ? REQUEST_MESSAGES.accepted : REQUEST_MESSAGES.rejected,
        answer,
      );
    },
  );

  app.post(
    path('/requests/:id/items/:item_id/upload'),
    { preValidation: requireAbility('requests.upload'), schema: { params: requestItemParamsSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const readForm = () =>
        readMultipartForm(request, {
          tempDir: context.documents.tempDir,
          keyring: context.keyring,
          maxFileBytes: context.config.maxUploadBytes,
          maxFiles: 1,
          maxFields: 5,
          fileFields: ['file'],
        });
      const { id, item_id } = request.params;
      const answer = await uploadToRequest(
        context,
        actor,
        { requestId: id, itemId: item_id },
        readForm,
        request.ip,
      ).catch((error: unknown) => {
        // Refused before its body was read: let the body flow away, so the client sees the answer.
        request.raw.resume();
        throw error;
      });
      return reply.code(201).send(presentSuccess(REQUEST_MESSAGES.uploaded, answer));
    },
  );
}
