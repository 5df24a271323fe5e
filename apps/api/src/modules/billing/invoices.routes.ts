import { invoiceAnswerSchema, invoicePageAnswerSchema } from '@portal/contract/invoice-documents';
import {
  INVOICE_EXPORT_PATH,
  INVOICE_PATHS,
  invoiceCancelSchema,
  invoiceDraftSchema,
  invoiceFilterQuerySchema,
  invoiceIdParamsSchema,
  INVOICE_MESSAGES as M,
} from '@portal/contract/invoices';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { sendCsv } from '../../http/send-csv.js';
import { exportInvoices } from './invoice-export.service.js';
import { cancelInvoice, issueInvoice } from './invoice-issue.service.js';
import { createDraft, listInvoices, readInvoice, updateDraft } from './invoices.service.js';

/** Invoices (issue 23): the firm's MPC drafts, issues and cancels them; nobody else reaches them yet. */
export function registerInvoiceRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byId = { params: invoiceIdParamsSchema };

  route.get(
    INVOICE_PATHS.list,
    { schema: { querystring: invoiceFilterQuerySchema }, answer: invoicePageAnswerSchema },
    async (request) => presentSuccess(M.listed, await listInvoices(context, requireActor(request), request.query)),
  );

  route.get(
    INVOICE_EXPORT_PATH,
    { schema: { querystring: invoiceFilterQuerySchema }, answer: fileAnswer('The invoices as CSV.', ['text/csv']) },
    async (request, reply) => sendCsv(reply, exportInvoices(context, requireActor(request), request.query)),
  );

  route.post(
    INVOICE_PATHS.list,
    { schema: { body: invoiceDraftSchema }, answer: invoiceAnswerSchema },
    async (request, reply) => {
      const created = await createDraft(context, requireActor(request), request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.created, created));
    },
  );

  route.get('/invoices/:id', { schema: byId, answer: invoiceAnswerSchema }, async (request) =>
    presentSuccess(M.fetched, await readInvoice(context, requireActor(request), request.params.id)),
  );

  route.put(
    '/invoices/:id',
    { schema: { ...byId, body: invoiceDraftSchema }, answer: invoiceAnswerSchema },
    async (request) =>
      presentSuccess(
        M.saved,
        await updateDraft(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.post('/invoices/:id/issue', { schema: byId, answer: invoiceAnswerSchema }, async (request) =>
    presentSuccess(M.issued, await issueInvoice(context, requireActor(request), request.params.id, request.ip)),
  );

  route.post(
    '/invoices/:id/cancel',
    { schema: { ...byId, body: invoiceCancelSchema }, answer: invoiceAnswerSchema },
    async (request) =>
      presentSuccess(
        M.cancelled,
        await cancelInvoice(context, requireActor(request), request.params.id, request.body.reason, request.ip),
      ),
  );
}
