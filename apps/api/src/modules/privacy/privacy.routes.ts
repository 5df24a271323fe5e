import { pagedSchema } from '@portal/contract/envelope';
import { pageQuerySchema } from '@portal/contract/paging';
import {
  acceptanceListQuerySchema,
  consentRowSchema,
  consentWithdrawSchema,
  dataProtectionContactAnswerSchema,
  dataProtectionContactSchema,
  dataProtectionContactsSchema,
  PRIVACY_MESSAGES as M,
  noticeIdParamsSchema,
  PRIVACY_PATHS,
  privacyAcceptSchema,
  privacyNoticeSaveSchema,
  privacyNoticeSchema,
  privacyNoticeVersionSchema,
} from '@portal/contract/privacy';
import { cursorPageOf } from '@portal/contract/registers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import {
  readContactsFor,
  readPlatformContactFor,
  saveFirmContact,
  savePlatformContact,
} from './data-protection-contact.service.js';
import { acceptNotice, listConsents, withdrawConsent } from './privacy-consents.service.js';
import { listNoticeVersions, publishNotice, readMyNotice, readNoticeVersion } from './privacy-notices.service.js';

const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * The firm's privacy notice, its users' consent and the data protection contacts (issue 25,
 * docs/decisions/0041). Reading the notice and accepting it are what a user whose acceptance is due may
 * still call (policy/account-setup.policy.ts).
 */
export function registerPrivacyRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(PRIVACY_PATHS.notice, { answer: privacyNoticeSchema }, async (request) =>
    presentSuccess(M.noticeFetched, await readMyNotice(context, requireActor(request))),
  );

  route.post(
    PRIVACY_PATHS.accept,
    { ability: 'privacy.consent', schema: { body: privacyAcceptSchema }, answer: privacyNoticeSchema },
    async (request) =>
      presentSuccess(M.accepted, await acceptNotice(context, requireActor(request), request.body, originOf(request))),
  );

  route.post(
    PRIVACY_PATHS.withdraw,
    { ability: 'privacy.withdraw', schema: { body: consentWithdrawSchema }, answer: privacyNoticeSchema },
    async (request) =>
      presentSuccess(M.withdrawn, await withdrawConsent(context, requireActor(request), originOf(request))),
  );

  route.get(
    PRIVACY_PATHS.versions,
    {
      ability: 'privacy.manage',
      schema: { querystring: pageQuerySchema },
      answer: pagedSchema(privacyNoticeVersionSchema),
    },
    async (request) =>
      presentSuccess(M.versionsFetched, await listNoticeVersions(context, requireActor(request), request.query)),
  );

  route.get(
    '/privacy/notices/:id',
    { ability: 'privacy.manage', schema: { params: noticeIdParamsSchema }, answer: privacyNoticeVersionSchema },
    async (request) =>
      presentSuccess(M.noticeFetched, await readNoticeVersion(context, requireActor(request), request.params.id)),
  );

  route.post(
    PRIVACY_PATHS.versions,
    { ability: 'privacy.manage', schema: { body: privacyNoticeSaveSchema }, answer: privacyNoticeSchema },
    async (request, reply) => {
      const notice = await publishNotice(context, requireActor(request), request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.published, notice));
    },
  );

  route.get(
    PRIVACY_PATHS.acceptances,
    {
      ability: 'privacy.manage',
      schema: { querystring: acceptanceListQuerySchema },
      answer: cursorPageOf(consentRowSchema),
    },
    async (request) =>
      presentSuccess(M.acceptancesFetched, await listConsents(context, requireActor(request), request.query)),
  );

  route.get(PRIVACY_PATHS.contact, { answer: dataProtectionContactsSchema }, async (request) =>
    presentSuccess(M.contactFetched, await readContactsFor(context, requireActor(request))),
  );

  route.put(
    PRIVACY_PATHS.contact,
    {
      ability: 'privacy.manage',
      schema: { body: dataProtectionContactSchema },
      answer: dataProtectionContactAnswerSchema,
    },
    async (request) =>
      presentSuccess(M.contactSaved, await saveFirmContact(context, requireActor(request), request.body, request.ip)),
  );

  route.get(
    PRIVACY_PATHS.platformContact,
    { ability: 'privacy.platform', answer: dataProtectionContactAnswerSchema.nullable() },
    async () => presentSuccess(M.contactFetched, await readPlatformContactFor(context)),
  );

  route.put(
    PRIVACY_PATHS.platformContact,
    {
      ability: 'privacy.platform',
      schema: { body: dataProtectionContactSchema },
      answer: dataProtectionContactAnswerSchema,
    },
    async (request) =>
      presentSuccess(
        M.contactSaved,
        await savePlatformContact(context, requireActor(request), request.body, request.ip),
      ),
  );
}
