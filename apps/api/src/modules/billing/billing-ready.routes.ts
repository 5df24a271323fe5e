import {
  BILLING_READY_PATHS,
  billingSummarySchema,
  READY_MESSAGES as R,
  readyDraftsAnswerSchema,
  readyDraftsSchema,
  readyListQuerySchema,
  readyPageSchema,
} from '@portal/contract/billing-ready';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readBillingSummary } from './billing-summary.service.js';
import { listReady } from './ready.service.js';
import { createReadyDrafts } from './ready-drafts.service.js';

/** Ready to bill and the dashboard's figures (issue 23): the firm's MPC's (`billingFirmOf`). */
export function registerBillingReadyRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    BILLING_READY_PATHS.ready,
    { schema: { querystring: readyListQuerySchema }, answer: readyPageSchema },
    async (request) => presentSuccess(R.listed, await listReady(context, requireActor(request), request.query)),
  );

  route.post(
    BILLING_READY_PATHS.drafts,
    { schema: { body: readyDraftsSchema }, answer: readyDraftsAnswerSchema },
    async (request) =>
      presentSuccess(R.draftsMade, await createReadyDrafts(context, requireActor(request), request.body, request.ip)),
  );

  route.get(BILLING_READY_PATHS.summary, { answer: billingSummarySchema }, async (request) =>
    presentSuccess(R.summaryFetched, await readBillingSummary(context, requireActor(request))),
  );
}
