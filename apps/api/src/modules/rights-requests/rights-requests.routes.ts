import { PassThrough } from 'node:stream';
import {
  RIGHTS_MESSAGES as M,
  ownRightsPageSchema,
  ownRightsQuerySchema,
  RIGHTS_PATHS,
  rightsAnswerSchema,
  rightsAskSchema,
  rightsCloseSchema,
  rightsDownloadLinkSchema,
  rightsGrantAnswerSchema,
  rightsGrantSchema,
  rightsIdParamsSchema,
  rightsPageSchema,
  rightsQueueQuerySchema,
  rightsRequestSchema,
  rightsTokenParamsSchema,
  rightsUserParamsSchema,
} from '@portal/contract/rights-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { setDownloadHeaders } from '../../http/send-stored-file.js';
import { answerRequest, closeRequest, markInProgress } from './rights-actions.service.js';
import { createDownloadLink, openDownload, prepareDownload, type RightsZip } from './rights-downloads.service.js';
import { readRightsGrant, saveRightsGrant } from './rights-grant.service.js';
import { askRights, listOwnRights, listRightsQueue, readRightsRequest } from './rights-requests.service.js';

/**
 * Streams the archive as it is built. Once it has started, a failure can no longer become an error answer:
 * the connection is cut, so the browser shows a failed download rather than keep a partial archive.
 */
function sendRightsZip(request: FastifyRequest, reply: FastifyReply, archive: RightsZip) {
  const body = new PassThrough();
  archive.write(body).catch((error: NodeJS.ErrnoException) => {
    if (body.destroyed) return request.log.info('A personal data ZIP stopped: the download was cancelled.');
    request.log.error(
      { code: error.code ?? error.name },
      'A personal data ZIP failed mid-stream; the download was cut.',
    );
    body.destroy(error);
  });
  setDownloadHeaders(reply, { fileName: archive.fileName, mimeType: 'application/zip' }, false);
  // The token is in the address: nothing the download leads to may pass it on.
  return reply.header('content-type', 'application/zip').header('referrer-policy', 'no-referrer').send(body);
}

/**
 * Clients' rights requests (issue 25, docs/decisions/0042): the client asks and follows its own; its
 * firm's MPC (and the PCs it allows) work the queue; the access download is a one-time public link.
 */
export function registerRightsRequestRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    RIGHTS_PATHS.own,
    {
      ability: 'rights.ask',
      querystring: ownRightsQuerySchema,
      answer: ownRightsPageSchema,
      message: M.listed,
    },
    (request, actor) => listOwnRights(context, actor, request.query),
  );

  route.post(
    RIGHTS_PATHS.own,
    {
      ability: 'rights.ask',
      body: rightsAskSchema,
      answer: rightsRequestSchema,
      message: M.asked,
      created: true,
    },
    (request, actor) => askRights(context, actor, request.body, request.ip),
  );

  route.get(
    RIGHTS_PATHS.queue,
    {
      ability: 'rights.queue',
      querystring: rightsQueueQuerySchema,
      answer: rightsPageSchema,
      message: M.listed,
    },
    (request, actor) => listRightsQueue(context, actor, request.query),
  );

  route.get(
    RIGHTS_PATHS.item(':id'),
    {
      ability: 'rights.read',
      params: rightsIdParamsSchema,
      answer: rightsRequestSchema,
      message: M.fetched,
    },
    (request, actor) => readRightsRequest(context, actor, request.params.id),
  );

  route.post(
    RIGHTS_PATHS.progress(':id'),
    {
      ability: 'rights.act',
      params: rightsIdParamsSchema,
      answer: rightsRequestSchema,
      message: M.progressed,
    },
    (request, actor) => markInProgress(context, actor, request.params.id, request.ip),
  );

  route.post(
    RIGHTS_PATHS.answer(':id'),
    {
      ability: 'rights.act',
      params: rightsIdParamsSchema,
      body: rightsAnswerSchema,
      answer: rightsRequestSchema,
      message: M.answered,
    },
    (request, actor) => answerRequest(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    RIGHTS_PATHS.close(':id'),
    {
      ability: 'rights.act',
      params: rightsIdParamsSchema,
      body: rightsCloseSchema,
      answer: rightsRequestSchema,
      message: M.closed,
    },
    (request, actor) => closeRequest(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    RIGHTS_PATHS.prepareDownload(':id'),
    {
      ability: 'rights.act',
      params: rightsIdParamsSchema,
      answer: rightsRequestSchema,
      message: M.downloadPrepared,
    },
    (request, actor) => prepareDownload(context, actor, request.params.id, request.ip),
  );

  route.post(
    RIGHTS_PATHS.downloadLink(':id'),
    {
      ability: 'rights.ask',
      params: rightsIdParamsSchema,
      answer: rightsDownloadLinkSchema,
      message: M.downloadLink,
    },
    (request, actor) => createDownloadLink(context, actor, request.params.id),
  );

  route.get(
    RIGHTS_PATHS.download(':token'),
    {
      config: { public: true, linkPage: true },
      params: rightsTokenParamsSchema,
      answer: fileAnswer("The client's data as one ZIP, once.", ['application/zip']),
    },
    async (request, reply) =>
      sendRightsZip(request, reply, await openDownload(context, request.params.token, request.ip)),
  );

  route.get(
    RIGHTS_PATHS.grant(':id'),
    { params: rightsUserParamsSchema, answer: rightsGrantAnswerSchema, message: M.grantFetched },
    (request, actor) => readRightsGrant(context, actor, request.params.id),
  );

  route.put(
    RIGHTS_PATHS.grant(':id'),
    {
      params: rightsUserParamsSchema,
      body: rightsGrantSchema,
      answer: rightsGrantAnswerSchema,
      message: M.grantSaved,
    },
    (request, actor) => saveRightsGrant(context, actor, request.params.id, request.body, request.ip),
  );
}
