import {
  BILLING_PATHS,
  billableClientOptionSchema,
  billableClientsQuerySchema,
  billingGrantSchema,
  clientServiceFeeSchema,
  feesSaveSchema,
  BILLING_MESSAGES as M,
} from '@portal/contract/billing';
import {
  BILLING_PROFILE_MESSAGES,
  BILLING_PROFILE_PATH,
  billingProfileAnswerSchema,
  billingProfileSchema,
} from '@portal/contract/billing-profile';
import { clientIdParamsSchema } from '@portal/contract/registers';
import { rightsGrantAnswerSchema } from '@portal/contract/rights-requests';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { listBillableClients } from './billable-clients.service.js';
import { readBillingGrant, saveBillingGrant } from './billing-grant.service.js';
import { readClientFees, saveClientFees } from './fees.service.js';
import { readBillingProfile, saveBillingProfile } from './profile.service.js';
import { registerReceiptRoutes } from './receipts.routes.js';

/**
 * Billing (issue 23, docs/billing.md): the firm's billing profile and a client's fees, its firm's MPC's
 * (a client's fees: 404 out of sight, 403 in sight), which of its PCs and executors may bill, and its
 * receipts, credit notes, ledger and ageing.
 */
export function registerBillingRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    BILLING_PROFILE_PATH,
    { ability: 'billing.profile', answer: billingProfileAnswerSchema.nullable() },
    async (request) =>
      presentSuccess(BILLING_PROFILE_MESSAGES.fetched, await readBillingProfile(context, requireActor(request))),
  );

  route.put(
    BILLING_PROFILE_PATH,
    { ability: 'billing.profile', schema: { body: billingProfileSchema }, answer: billingProfileAnswerSchema },
    async (request) =>
      presentSuccess(
        BILLING_PROFILE_MESSAGES.saved,
        await saveBillingProfile(context, requireActor(request), request.body, request.ip),
      ),
  );

  route.get(
    '/clients/:id/fees',
    { schema: { params: clientIdParamsSchema }, answer: z.array(clientServiceFeeSchema) },
    async (request) =>
      presentSuccess(M.feesFetched, await readClientFees(context, requireActor(request), request.params.id)),
  );

  route.put(
    '/clients/:id/fees',
    { schema: { params: clientIdParamsSchema, body: feesSaveSchema }, answer: z.array(clientServiceFeeSchema) },
    async (request) =>
      presentSuccess(
        M.feesSaved,
        await saveClientFees(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.get(
    BILLING_PATHS.grant(':id'),
    { schema: { params: userIdParamsSchema }, answer: rightsGrantAnswerSchema },
    async (request) =>
      presentSuccess(M.grantFetched, await readBillingGrant(context, requireActor(request), request.params.id)),
  );

  route.put(
    BILLING_PATHS.grant(':id'),
    { schema: { params: userIdParamsSchema, body: billingGrantSchema }, answer: rightsGrantAnswerSchema },
    async (request) =>
      presentSuccess(
        M.grantSaved,
        await saveBillingGrant(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.get(
    BILLING_PATHS.clients,
    { schema: { querystring: billableClientsQuerySchema }, answer: z.array(billableClientOptionSchema) },
    async (request) =>
      presentSuccess(M.clientsFetched, await listBillableClients(context, requireActor(request), request.query)),
  );
  registerReceiptRoutes(server, context);
}
