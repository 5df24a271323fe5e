import { feesSaveSchema, BILLING_MESSAGES as M } from '@portal/contract/billing';
import { clientIdParamsSchema } from '@portal/contract/registers';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readClientFees, saveClientFees } from './fees.service.js';

/** Billing (issue 23, docs/billing.md): a client's fees, its firm's MPC's (404 out of sight, 403 in sight). */
export function registerBillingRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get('/clients/:id/fees', { schema: { params: clientIdParamsSchema } }, async (request) =>
    presentSuccess(M.feesFetched, await readClientFees(context, requireActor(request), request.params.id)),
  );

  route.put('/clients/:id/fees', { schema: { params: clientIdParamsSchema, body: feesSaveSchema } }, async (request) =>
    presentSuccess(
      M.feesSaved,
      await saveClientFees(context, requireActor(request), request.params.id, request.body, request.ip),
    ),
  );
}
