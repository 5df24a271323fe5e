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
    { querystring: invoiceFilterQuerySchema, answer: invoicePageAnswerSchema, message: M.listed },
    (request, actor) => listInvoices(context, actor, request.query),
  );

  route.get(
    INVOICE_EXPORT_PATH,
    { querystring: invoiceFilterQuerySchema, answer: fileAnswer('The invoices as CSV.', ['text/csv']) },
    async (request, reply) => sendCsv(reply, exportInvoices(context, requireActor(request), request.query)),
  );

  route.post(
    INVOICE_PATHS.list,
    { body: invoiceDraftSchema, answer: invoiceAnswerSchema, message: M.created, created: true },
    (request, actor) => createDraft(context, actor, request.body, request.ip),
  );

  route.get('/invoices/:id', { ...byId, answer: invoiceAnswerSchema, message: M.fetched }, (request, actor) =>
    readInvoice(context, actor, request.params.id),
  );

  route.put(
    '/invoices/:id',
    { ...byId, body: invoiceDraftSchema, answer: invoiceAnswerSchema, message: M.saved },
    (request, actor) => updateDraft(context, actor, request.params.id, request.body, request.ip),
  );

  route.post('/invoices/:id/issue', { ...byId, answer: invoiceAnswerSchema, message: M.issued }, (request, actor) =>
    issueInvoice(context, actor, request.params.id, request.ip),
  );

  route.post(
    '/invoices/:id/cancel',
    { ...byId, body: invoiceCancelSchema, answer: invoiceAnswerSchema, message: M.cancelled },
    (request, actor) => cancelInvoice(context, actor, request.params.id, request.body.reason, request.ip),
  );
}
