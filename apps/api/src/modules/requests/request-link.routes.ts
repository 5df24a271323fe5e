import { REQUEST_LINK_MESSAGES as LM, requestLinkViewSchema } from '@portal/contract/request-links';
import { documentRequestSchema, REQUEST_MESSAGES, requestIdParamsSchema } from '@portal/contract/requests';
import { rowIdSchema } from '@portal/contract/row-ids';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readByRequestLink, uploadByRequestLink } from './request-link-pages.service.js';
import { resendRequestLink, revokeRequestLink } from './request-link-sends.service.js';
import { readRequestUploadForm } from './request-upload-form.js';

// Any text: a token of the wrong shape is judged (and counted) like a wrong token, never a 400 that tells.
const tokenParams = z.object({ token: z.string().max(200) });
const tokenItemParams = tokenParams.extend({ item_id: rowIdSchema(REQUEST_MESSAGES.itemNotFound) });

/** The token is in the address: no page it leads to may pass the address on. */
const withoutReferrer = (reply: FastifyReply) => reply.header('referrer-policy', 'no-referrer');

/**
 * Request links (docs/decisions/0036): two public routes that take the link's token in their path and
 * grant exactly that request (no session, no bearer token read, so no account gate: the token is the
 * whole grant), and staff's two routes to send a new link or end it.
 */
export function registerRequestLinkRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/request-link/:token',
    { config: { public: true, linkPage: true }, params: tokenParams, answer: requestLinkViewSchema },
    async (request, reply) => {
      withoutReferrer(reply);
      return presentSuccess(LM.fetched, await readByRequestLink(context, request.params.token, request.ip));
    },
  );

  route.post(
    '/request-link/:token/items/:item_id/upload',
    { config: { public: true }, params: tokenItemParams, answer: requestLinkViewSchema },
    async (request, reply) => {
      withoutReferrer(reply);
      const readForm = () => readRequestUploadForm(context, request);
      const { token, item_id } = request.params;
      const answer = await uploadByRequestLink(context, token, item_id, readForm, request.ip).catch(
        (error: unknown) => {
          // Refused before its body was read: let the body flow away, so the client sees the answer.
          request.raw.resume();
          throw error;
        },
      );
      return reply.code(201).send(presentSuccess(LM.uploaded, answer));
    },
  );

  route.post(
    '/requests/:id/link/resend',
    {
      ability: 'requests.manage',
      params: requestIdParamsSchema,
      answer: documentRequestSchema,
      message: LM.sent,
    },
    (request, actor) => resendRequestLink(context, actor, request.params.id, request.ip),
  );

  route.post(
    '/requests/:id/link/revoke',
    {
      ability: 'requests.manage',
      params: requestIdParamsSchema,
      answer: documentRequestSchema,
      message: LM.revoked,
    },
    (request, actor) => revokeRequestLink(context, actor, request.params.id, request.ip),
  );
}
