import {
  BILLING_PATHS,
  billableClientsQuerySchema,
  billingGrantSchema,
  feesSaveSchema,
  BILLING_MESSAGES as M,
} from '@portal/contract/billing';
import { BILLING_PROFILE_MESSAGES, BILLING_PROFILE_PATH, billingProfileSchema } from '@portal/contract/billing-profile';
import { clientIdParamsSchema } from '@portal/contract/registers';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
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

  route.get(BILLING_PROFILE_PATH, { ability: 'billing.profile' }, async (request) =>
    presentSuccess(BILLING_PROFILE_MESSAGES.fetched, await readBillingProfile(context, requireActor(request))),
  );

  route.put(
    BILLING_PROFILE_PATH,
    { ability: 'billing.profile', schema: { body: billingProfileSchema } },
    async (request) =>
      presentSuccess(
        BILLING_PROFILE_MESSAGES.saved,
        await saveBillingProfile(context, requireActor(request), request.body, request.ip),
      ),
  );

  route.get('/clients/:id/fees', { schema: { params: clientIdParamsSchema } }, async (request) =>
    presentSuccess(M.feesFetched, await readClientFees(context, requireActor(request), request.params.id)),
  );

  route.put('/clients/:id/fees', { schema: { params: clientIdParamsSchema, body: feesSaveSchema } }, async (request) =>
    presentSuccess(
      M.feesSaved,
      await saveClientFees(context, requireActor(request), request.params.id, request.body, request.ip),
    ),
  );

  route.get(BILLING_PATHS.grant(':id'), { schema: { params: userIdParamsSchema } }, async (request) =>
    presentSuccess(M.grantFetched, await readBillingGrant(context, requireActor(request), request.params.id)),
  );

  route.put(
    BILLING_PATHS.grant(':id'),
    { schema: { params: userIdParamsSchema, body: billingGrantSchema } },
    async (request) =>
      presentSuccess(
        M.grantSaved,
        await saveBillingGrant(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.get(BILLING_PATHS.clients, { schema: { querystring: billableClientsQuerySchema } }, async (request) =>
    presentSuccess(M.clientsFetched, await listBillableClients(context, requireActor(request), request.query)),
  );
  registerReceiptRoutes(server, context);
}
