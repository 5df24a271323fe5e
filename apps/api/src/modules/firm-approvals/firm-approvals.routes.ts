import {
  FIRM_APPROVAL_PATHS,
  firmApprovalListQuerySchema,
  firmRejectSchema,
  FIRM_APPROVAL_MESSAGES as M,
  pendingFirmPageSchema,
} from '@portal/contract/firm-approvals';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { decideFirm, listPendingFirms } from './firm-approvals.service.js';

/** The admin's queue of self-registered firms (`REGISTRATION_APPROVAL`): list, approve, reject with a reason. */
export function registerFirmApprovalRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    FIRM_APPROVAL_PATHS.pending,
    { ability: 'firms.approve', schema: { querystring: firmApprovalListQuerySchema }, answer: pendingFirmPageSchema },
    async (request) => presentSuccess(M.listed, await listPendingFirms(context, request.query)),
  );

  route.post(
    FIRM_APPROVAL_PATHS.approve(':id'),
    { ability: 'firms.approve', schema: { params: userIdParamsSchema }, answer: z.null() },
    async (request) => {
      await decideFirm(context, requireActor(request), request.params.id, { kind: 'approved' }, request.ip);
      return presentSuccess(M.approved, null);
    },
  );

  route.post(
    FIRM_APPROVAL_PATHS.reject(':id'),
    { ability: 'firms.approve', schema: { params: userIdParamsSchema, body: firmRejectSchema }, answer: z.null() },
    async (request) => {
      await decideFirm(
        context,
        requireActor(request),
        request.params.id,
        { kind: 'rejected', ...request.body },
        request.ip,
      );
      return presentSuccess(M.rejected, null);
    },
  );
}
