import { CREDIT_NOTE_MESSAGES, creditNoteCreateSchema } from '@portal/contract/credit-notes';
import { invoiceAnswerSchema } from '@portal/contract/invoice-documents';
import { invoiceIdParamsSchema } from '@portal/contract/invoices';
import {
  AGEING_PATH,
  ageingQuerySchema,
  ageingSchema,
  LEDGER_MESSAGES,
  ledgerQuerySchema,
  ledgerSchema,
} from '@portal/contract/ledger';
import {
  invoicePaymentSchema,
  RECEIPT_MESSAGES as M,
  RECEIPT_PATHS,
  receiptApplySchema,
  receiptCancelSchema,
  receiptCreateSchema,
  receiptIdParamsSchema,
  receiptListQuerySchema,
  receiptPageSchema,
  receiptSchema,
} from '@portal/contract/receipts';
import { clientIdParamsSchema } from '@portal/contract/registers';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { setDownloadHeaders } from '../../http/send-stored-file.js';
import { issueCreditNote } from './credit-notes.service.js';
import { readAgeing, readLedger } from './ledger.service.js';
import { listReceipts, openReceiptPdf, readReceipt } from './receipt-reads.service.js';
import { applyAdvance, cancelReceipt, createReceipt, recordInvoicePayment } from './receipts.service.js';

/**
 * Receipts, credit notes, a client's ledger and the firm's ageing (issue 23, docs/billing.md): the firm's
 * billers record and cancel; a client reads its own receipts and ledger; anyone else 403 or 404.
 */
export function registerReceiptRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byId = { params: receiptIdParamsSchema };

  route.post(
    '/invoices/:id/payments',
    { schema: { params: invoiceIdParamsSchema, body: invoicePaymentSchema }, answer: receiptSchema },
    async (request, reply) => {
      const actor = requireActor(request);
      const receipt = await recordInvoicePayment(context, actor, request.params.id, request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.recorded, receipt));
    },
  );

  route.post(
    '/invoices/:id/credit-notes',
    { schema: { params: invoiceIdParamsSchema, body: creditNoteCreateSchema }, answer: invoiceAnswerSchema },
    async (request, reply) => {
      const actor = requireActor(request);
      const invoice = await issueCreditNote(context, actor, request.params.id, request.body, request.ip);
      return reply.code(201).send(presentSuccess(CREDIT_NOTE_MESSAGES.issued, invoice));
    },
  );

  route.post(
    RECEIPT_PATHS.list,
    { schema: { body: receiptCreateSchema }, answer: receiptSchema },
    async (request, reply) => {
      const receipt = await createReceipt(context, requireActor(request), request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.recorded, receipt));
    },
  );

  route.get(
    RECEIPT_PATHS.list,
    { schema: { querystring: receiptListQuerySchema }, answer: receiptPageSchema },
    async (request) => presentSuccess(M.listed, await listReceipts(context, requireActor(request), request.query)),
  );

  route.get('/receipts/:id', { schema: byId, answer: receiptSchema }, async (request) =>
    presentSuccess(M.fetched, await readReceipt(context, requireActor(request), request.params.id)),
  );

  route.get(
    RECEIPT_PATHS.pdf(':id'),
    { schema: byId, answer: fileAnswer('The receipt as PDF.', ['application/pdf']) },
    async (request, reply) => {
      const { pdf, fileName } = await openReceiptPdf(context, requireActor(request), request.params.id);
      return setDownloadHeaders(reply, { fileName, mimeType: 'application/pdf' }, false).send(pdf);
    },
  );

  route.post(
    '/receipts/:id/cancel',
    { schema: { ...byId, body: receiptCancelSchema }, answer: receiptSchema },
    async (request) =>
      presentSuccess(
        M.cancelled,
        await cancelReceipt(context, requireActor(request), request.params.id, request.body.reason, request.ip),
      ),
  );

  route.post(
    '/receipts/:id/apply',
    { schema: { ...byId, body: receiptApplySchema }, answer: receiptSchema },
    async (request) =>
      presentSuccess(
        M.applied,
        await applyAdvance(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.get(
    '/clients/:id/ledger',
    { schema: { params: clientIdParamsSchema, querystring: ledgerQuerySchema }, answer: ledgerSchema },
    async (request) =>
      presentSuccess(
        LEDGER_MESSAGES.fetched,
        await readLedger(context, requireActor(request), request.params.id, request.query),
      ),
  );

  route.get(AGEING_PATH, { schema: { querystring: ageingQuerySchema }, answer: ageingSchema }, async (request) =>
    presentSuccess(LEDGER_MESSAGES.ageingFetched, await readAgeing(context, requireActor(request), request.query)),
  );
}
