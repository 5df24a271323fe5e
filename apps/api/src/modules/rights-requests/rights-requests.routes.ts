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
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
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
    { ability: 'rights.ask', schema: { querystring: ownRightsQuerySchema }, answer: ownRightsPageSchema },
    async (request) => presentSuccess(M.listed, await listOwnRights(context, requireActor(request), request.query)),
  );

  route.post(
    RIGHTS_PATHS.own,
    { ability: 'rights.ask', schema: { body: rightsAskSchema }, answer: rightsRequestSchema },
    async (request, reply) => {
      const asked = await askRights(context, requireActor(request), request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.asked, asked));
    },
  );

  route.get(
    RIGHTS_PATHS.queue,
    { ability: 'rights.queue', schema: { querystring: rightsQueueQuerySchema }, answer: rightsPageSchema },
    async (request) => presentSuccess(M.listed, await listRightsQueue(context, requireActor(request), request.query)),
  );

  route.get(
    RIGHTS_PATHS.item(':id'),
    { ability: 'rights.read', schema: { params: rightsIdParamsSchema }, answer: rightsRequestSchema },
    async (request) =>
      presentSuccess(M.fetched, await readRightsRequest(context, requireActor(request), request.params.id)),
  );

  route.post(
    RIGHTS_PATHS.progress(':id'),
    { ability: 'rights.act', schema: { params: rightsIdParamsSchema }, answer: rightsRequestSchema },
    async (request) =>
      presentSuccess(M.progressed, await markInProgress(context, requireActor(request), request.params.id, request.ip)),
  );

  route.post(
    RIGHTS_PATHS.answer(':id'),
    {
      ability: 'rights.act',
      schema: { params: rightsIdParamsSchema, body: rightsAnswerSchema },
      answer: rightsRequestSchema,
    },
    async (request) =>
      presentSuccess(
        M.answered,
        await answerRequest(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.post(
    RIGHTS_PATHS.close(':id'),
    {
      ability: 'rights.act',
      schema: { params: rightsIdParamsSchema, body: rightsCloseSchema },
      answer: rightsRequestSchema,
    },
    async (request) =>
      presentSuccess(
        M.closed,
        await closeRequest(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.post(
    RIGHTS_PATHS.prepareDownload(':id'),
    { ability: 'rights.act', schema: { params: rightsIdParamsSchema }, answer: rightsRequestSchema },
    async (request) =>
      presentSuccess(
        M.downloadPrepared,
        await prepareDownload(context, requireActor(request), request.params.id, request.ip),
      ),
  );

  route.post(
    RIGHTS_PATHS.downloadLink(':id'),
    { ability: 'rights.ask', schema: { params: rightsIdParamsSchema }, answer: rightsDownloadLinkSchema },
    async (request) =>
      presentSuccess(M.downloadLink, await createDownloadLink(context, requireActor(request), request.params.id)),
  );

  route.get(
    RIGHTS_PATHS.download(':token'),
    {
      config: { public: true, linkPage: true },
      schema: { params: rightsTokenParamsSchema },
      answer: fileAnswer("The client's data as one ZIP, once.", ['application/zip']),
    },
    async (request, reply) =>
      sendRightsZip(request, reply, await openDownload(context, request.params.token, request.ip)),
  );

  route.get(
    RIGHTS_PATHS.grant(':id'),
    { schema: { params: rightsUserParamsSchema }, answer: rightsGrantAnswerSchema },
    async (request) =>
      presentSuccess(M.grantFetched, await readRightsGrant(context, requireActor(request), request.params.id)),
  );

  route.put(
    RIGHTS_PATHS.grant(':id'),
    { schema: { params: rightsUserParamsSchema, body: rightsGrantSchema }, answer: rightsGrantAnswerSchema },
    async (request) =>
      presentSuccess(
        M.grantSaved,
        await saveRightsGrant(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );
}
