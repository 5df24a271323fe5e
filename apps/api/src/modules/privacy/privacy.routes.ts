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
import { declareApiRoutes } from '../../http/api-routes.js';
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

  route.get(PRIVACY_PATHS.notice, { answer: privacyNoticeSchema, message: M.noticeFetched }, (_request, actor) =>
    readMyNotice(context, actor),
  );

  route.post(
    PRIVACY_PATHS.accept,
    {
      ability: 'privacy.consent',
      body: privacyAcceptSchema,
      answer: privacyNoticeSchema,
      message: M.accepted,
    },
    (request, actor) => acceptNotice(context, actor, request.body, originOf(request)),
  );

  route.post(
    PRIVACY_PATHS.withdraw,
    {
      ability: 'privacy.withdraw',
      body: consentWithdrawSchema,
      answer: privacyNoticeSchema,
      message: M.withdrawn,
    },
    (request, actor) => withdrawConsent(context, actor, originOf(request)),
  );

  route.get(
    PRIVACY_PATHS.versions,
    {
      ability: 'privacy.manage',
      querystring: pageQuerySchema,
      answer: pagedSchema(privacyNoticeVersionSchema),
      message: M.versionsFetched,
    },
    (request, actor) => listNoticeVersions(context, actor, request.query),
  );

  route.get(
    '/privacy/notices/:id',
    {
      ability: 'privacy.manage',
      params: noticeIdParamsSchema,
      answer: privacyNoticeVersionSchema,
      message: M.noticeFetched,
    },
    (request, actor) => readNoticeVersion(context, actor, request.params.id),
  );

  route.post(
    PRIVACY_PATHS.versions,
    {
      ability: 'privacy.manage',
      body: privacyNoticeSaveSchema,
      answer: privacyNoticeSchema,
      message: M.published,
      created: true,
    },
    (request, actor) => publishNotice(context, actor, request.body, request.ip),
  );

  route.get(
    PRIVACY_PATHS.acceptances,
    {
      ability: 'privacy.manage',
      querystring: acceptanceListQuerySchema,
      answer: cursorPageOf(consentRowSchema),
      message: M.acceptancesFetched,
    },
    (request, actor) => listConsents(context, actor, request.query),
  );

  route.get(
    PRIVACY_PATHS.contact,
    { answer: dataProtectionContactsSchema, message: M.contactFetched },
    (_request, actor) => readContactsFor(context, actor),
  );

  route.put(
    PRIVACY_PATHS.contact,
    {
      ability: 'privacy.manage',
      body: dataProtectionContactSchema,
      answer: dataProtectionContactAnswerSchema,
      message: M.contactSaved,
    },
    (request, actor) => saveFirmContact(context, actor, request.body, request.ip),
  );

  route.get(
    PRIVACY_PATHS.platformContact,
    { ability: 'privacy.platform', answer: dataProtectionContactAnswerSchema.nullable(), message: M.contactFetched },
    () => readPlatformContactFor(context),
  );

  route.put(
    PRIVACY_PATHS.platformContact,
    {
      ability: 'privacy.platform',
      body: dataProtectionContactSchema,
      answer: dataProtectionContactAnswerSchema,
      message: M.contactSaved,
    },
    (request, actor) => savePlatformContact(context, actor, request.body, request.ip),
  );
}
