import { pagedSchema } from '@portal/contract/envelope';
import {
  documentRequestSchema,
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
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { listRequests, readRequest } from './request-reads.service.js';
import { readRequestUploadForm } from './request-upload-form.js';
import { uploadToRequest } from './request-uploads.service.js';
import { cancelRequest, createRequest, reviewRequestItem } from './request-writes.service.js';

/** Document requests of work items (docs/compliance-calendar.md, "Document requests"). */
export function registerRequestRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    REQUEST_PATHS.list,
    {
      ability: 'requests.list',
      querystring: requestListQuerySchema,
      answer: pagedSchema(documentRequestSchema),
      message: REQUEST_MESSAGES.listed,
    },
    (request, actor) => listRequests(context, actor, request.query),
  );

  route.post(
    '/work/:id/requests',
    {
      ability: 'requests.manage',
      params: workIdParamsSchema,
      body: requestCreateSchema,
      answer: documentRequestSchema,
      message: REQUEST_MESSAGES.created,
      created: true,
    },
    (request, actor) => createRequest(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    '/requests/:id',
    {
      ability: 'requests.list',
      params: requestIdParamsSchema,
      answer: documentRequestSchema,
      message: REQUEST_MESSAGES.fetched,
    },
    (request, actor) => readRequest(context, actor, request.params.id),
  );

  route.post(
    '/requests/:id/cancel',
    {
      ability: 'requests.manage',
      params: requestIdParamsSchema,
      answer: documentRequestSchema,
      message: REQUEST_MESSAGES.cancelled,
    },
    (request, actor) => cancelRequest(context, actor, request.params.id, request.ip),
  );

  route.put(
    '/requests/:id/items/:item_id',
    {
      ability: 'requests.manage',
      params: requestItemParamsSchema,
      body: requestReviewSchema,
      answer: documentRequestSchema,
    },
    async (request) => {
      const { id, item_id } = request.params;
      const answer = await reviewRequestItem(context, requireActor(request), id, item_id, request.body, request.ip);
      return presentSuccess(
        request.body.status === 'accepted' ? REQUEST_MESSAGES.accepted : REQUEST_MESSAGES.rejected,
        answer,
      );
    },
  );

  route.post(
    '/requests/:id/items/:item_id/upload',
    {
      ability: 'requests.upload',
      params: requestItemParamsSchema,
      answer: documentRequestSchema,
      message: REQUEST_MESSAGES.uploaded,
      created: true,
    },
    (request, actor) => {
      const readForm = () => readRequestUploadForm(context, request);
      const { id, item_id } = request.params;
      return uploadToRequest(context, actor, { requestId: id, itemId: item_id }, readForm, request.ip).catch(
        (error: unknown) => {
          // Refused before its body was read: let the body flow away, so the client sees the answer.
          request.raw.resume();
          throw error;
        },
      );
    },
  );
}
