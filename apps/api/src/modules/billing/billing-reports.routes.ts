import {
  BILLING_REPORT_PATHS,
  gstr1QuerySchema,
  reportParamsSchema,
  reportQuerySchema,
} from '@portal/contract/billing-reports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { sendCsv } from '../../http/send-csv.js';
import { exportGstr1, exportReport } from './billing-reports.service.js';

/** Billing's CSV reports and the GSTR-1 sheets (issue 23): the firm's MPC's (`billingFirmOf`). */
export function registerBillingReportRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/billing/reports/:kind.csv',
    {
      params: reportParamsSchema,
      querystring: reportQuerySchema,
      answer: fileAnswer('The report as CSV.', ['text/csv']),
    },
    async (request, reply) =>
      sendCsv(reply, await exportReport(context, requireActor(request), request.params.kind, request.query)),
  );

  route.get(
    BILLING_REPORT_PATHS.gstr1,
    { querystring: gstr1QuerySchema, answer: fileAnswer('GSTR-1 as CSV.', ['text/csv']) },
    async (request, reply) => sendCsv(reply, await exportGstr1(context, requireActor(request), request.query)),
  );
}
