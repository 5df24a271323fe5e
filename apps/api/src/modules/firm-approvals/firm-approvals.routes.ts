import { API_BASE_PATH } from '@portal/contract/envelope';
import {
  FIRM_APPROVAL_PATHS,
  firmApprovalListQuerySchema,
  firmRejectSchema,
  FIRM_APPROVAL_MESSAGES as M,
} from '@portal/contract/firm-approvals';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { requireAbility } from '../../policy/policy.js';
import { decideFirm, listPendingFirms } from './firm-approvals.service.js';

/** The admin's queue of self-registered firms (`REGISTRATION_APPROVAL`): list, approve, reject with a reason. */
export function registerFirmApprovalRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;
  const preValidation = requireAbility('firms.approve');

  app.get(
    path(FIRM_APPROVAL_PATHS.pending),
    { preValidation, schema: { querystring: firmApprovalListQuerySchema } },
    async (request) => presentSuccess(M.listed, await listPendingFirms(context, request.query)),
  );

  app.post(
    path(FIRM_APPROVAL_PATHS.approve(':id')),
    { preValidation, schema: { params: userIdParamsSchema } },
    async (request) => {
      await decideFirm(context, requireActor(request), request.params.id, { kind: 'approved' }, request.ip);
      return presentSuccess(M.approved, null);
    },
  );

  app.post(
    path(FIRM_APPROVAL_PATHS.reject(':id')),
    { preValidation, schema: { params: userIdParamsSchema, body: firmRejectSchema } },
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
