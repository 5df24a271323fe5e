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
import { declareApiRoutes } from '../../http/api-routes.js';
import { decideFirm, listPendingFirms } from './firm-approvals.service.js';

/** The admin's queue of self-registered firms (`REGISTRATION_APPROVAL`): list, approve, reject with a reason. */
export function registerFirmApprovalRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    FIRM_APPROVAL_PATHS.pending,
    {
      ability: 'firms.approve',
      querystring: firmApprovalListQuerySchema,
      answer: pendingFirmPageSchema,
      message: M.listed,
    },
    (request) => listPendingFirms(context, request.query),
  );

  route.post(
    FIRM_APPROVAL_PATHS.approve(':id'),
    { ability: 'firms.approve', params: userIdParamsSchema, answer: z.null(), message: M.approved },
    (request, actor) => decideFirm(context, actor, request.params.id, { kind: 'approved' }, request.ip),
  );

  route.post(
    FIRM_APPROVAL_PATHS.reject(':id'),
    {
      ability: 'firms.approve',
      params: userIdParamsSchema,
      body: firmRejectSchema,
      answer: z.null(),
      message: M.rejected,
    },
    (request, actor) =>
      decideFirm(context, actor, request.params.id, { kind: 'rejected', ...request.body }, request.ip),
  );
}
