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
    {
      params: invoiceIdParamsSchema,
      body: invoicePaymentSchema,
      answer: receiptSchema,
      message: M.recorded,
      created: true,
    },
    (request, actor) => recordInvoicePayment(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    '/invoices/:id/credit-notes',
    {
      params: invoiceIdParamsSchema,
      body: creditNoteCreateSchema,
      answer: invoiceAnswerSchema,
      message: CREDIT_NOTE_MESSAGES.issued,
      created: true,
    },
    (request, actor) => issueCreditNote(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    RECEIPT_PATHS.list,
    { body: receiptCreateSchema, answer: receiptSchema, message: M.recorded, created: true },
    (request, actor) => createReceipt(context, actor, request.body, request.ip),
  );

  route.get(
    RECEIPT_PATHS.list,
    { querystring: receiptListQuerySchema, answer: receiptPageSchema, message: M.listed },
    (request, actor) => listReceipts(context, actor, request.query),
  );

  route.get('/receipts/:id', { ...byId, answer: receiptSchema, message: M.fetched }, (request, actor) =>
    readReceipt(context, actor, request.params.id),
  );

  route.get(
    RECEIPT_PATHS.pdf(':id'),
    { ...byId, answer: fileAnswer('The receipt as PDF.', ['application/pdf']) },
    async (request, reply) => {
      const { pdf, fileName } = await openReceiptPdf(context, requireActor(request), request.params.id);
      return setDownloadHeaders(reply, { fileName, mimeType: 'application/pdf' }, false).send(pdf);
    },
  );

  route.post(
    '/receipts/:id/cancel',
    { ...byId, body: receiptCancelSchema, answer: receiptSchema, message: M.cancelled },
    (request, actor) => cancelReceipt(context, actor, request.params.id, request.body.reason, request.ip),
  );

  route.post(
    '/receipts/:id/apply',
    { ...byId, body: receiptApplySchema, answer: receiptSchema, message: M.applied },
    (request, actor) => applyAdvance(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    '/clients/:id/ledger',
    {
      params: clientIdParamsSchema,
      querystring: ledgerQuerySchema,
      answer: ledgerSchema,
      message: LEDGER_MESSAGES.fetched,
    },
    (request, actor) => readLedger(context, actor, request.params.id, request.query),
  );

  route.get(
    AGEING_PATH,
    { querystring: ageingQuerySchema, answer: ageingSchema, message: LEDGER_MESSAGES.ageingFetched },
    (request, actor) => readAgeing(context, actor, request.query),
  );
}
