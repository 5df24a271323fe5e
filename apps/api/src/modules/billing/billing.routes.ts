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
import { declareApiRoutes } from '../../http/api-routes.js';
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
    {
      ability: 'billing.profile',
      answer: billingProfileAnswerSchema.nullable(),
      message: BILLING_PROFILE_MESSAGES.fetched,
    },
    (_request, actor) => readBillingProfile(context, actor),
  );

  route.put(
    BILLING_PROFILE_PATH,
    {
      ability: 'billing.profile',
      body: billingProfileSchema,
      answer: billingProfileAnswerSchema,
      message: BILLING_PROFILE_MESSAGES.saved,
    },
    (request, actor) => saveBillingProfile(context, actor, request.body, request.ip),
  );

  route.get(
    '/clients/:id/fees',
    { params: clientIdParamsSchema, answer: z.array(clientServiceFeeSchema), message: M.feesFetched },
    (request, actor) => readClientFees(context, actor, request.params.id),
  );

  route.put(
    '/clients/:id/fees',
    {
      params: clientIdParamsSchema,
      body: feesSaveSchema,
      answer: z.array(clientServiceFeeSchema),
      message: M.feesSaved,
    },
    (request, actor) => saveClientFees(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    BILLING_PATHS.grant(':id'),
    { params: userIdParamsSchema, answer: rightsGrantAnswerSchema, message: M.grantFetched },
    (request, actor) => readBillingGrant(context, actor, request.params.id),
  );

  route.put(
    BILLING_PATHS.grant(':id'),
    {
      params: userIdParamsSchema,
      body: billingGrantSchema,
      answer: rightsGrantAnswerSchema,
      message: M.grantSaved,
    },
    (request, actor) => saveBillingGrant(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    BILLING_PATHS.clients,
    {
      querystring: billableClientsQuerySchema,
      answer: z.array(billableClientOptionSchema),
      message: M.clientsFetched,
    },
    (request, actor) => listBillableClients(context, actor, request.query),
  );
  registerReceiptRoutes(server, context);
}
