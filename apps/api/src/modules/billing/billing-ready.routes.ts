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
import { declareApiRoutes } from '../../http/api-routes.js';
import { readBillingSummary } from './billing-summary.service.js';
import { listReady } from './ready.service.js';
import { createReadyDrafts } from './ready-drafts.service.js';

/** Ready to bill and the dashboard's figures (issue 23): the firm's MPC's (`billingFirmOf`). */
export function registerBillingReadyRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    BILLING_READY_PATHS.ready,
    { querystring: readyListQuerySchema, answer: readyPageSchema, message: R.listed },
    (request, actor) => listReady(context, actor, request.query),
  );

  route.post(
    BILLING_READY_PATHS.drafts,
    { body: readyDraftsSchema, answer: readyDraftsAnswerSchema, message: R.draftsMade },
    (request, actor) => createReadyDrafts(context, actor, request.body, request.ip),
  );

  route.get(
    BILLING_READY_PATHS.summary,
    { answer: billingSummarySchema, message: R.summaryFetched },
    (_request, actor) => readBillingSummary(context, actor),
  );
}
