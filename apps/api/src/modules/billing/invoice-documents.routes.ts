import {
  billingLogoSchema,
  INVOICE_DOCUMENT_PATHS,
  invoiceAnswerSchema,
  invoiceIrnSchema,
  invoicePdfLinkSchema,
  invoiceUpiQrSchema,
  logoUploadSchema,
  INVOICE_DOCUMENT_MESSAGES as M,
} from '@portal/contract/invoice-documents';
import { invoiceIdParamsSchema } from '@portal/contract/invoices';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { admitLinkUser, authenticateRequest } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { LinkProblemError } from '../../http/link-problem.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { setDownloadHeaders } from '../../http/send-stored-file.js';
import { findUserById } from '../users/users.service.js';
import { readBillingLogo, removeBillingLogo, saveBillingLogo } from './billing-logo.service.js';
import { makeInvoicePdfLink, openInvoicePdf, readInvoiceUpiQr, saveInvoiceIrn } from './invoice-documents.service.js';
import { checkInvoicePdfLink } from './invoice-pdf-links.js';

// A mangled link is simply not valid (403), not a form error.
const pdfQuery = z.object({
  inline: z.string().optional(),
  u: z.coerce.number().int().catch(0),
  expires: z.coerce.number().int().catch(0),
  sig: z.string().max(100).catch(''),
});

/** Who opens the PDF: the user its signed link names (still active, through the sign-in gates), or the bearer's. */
async function resolvePdfReader(
  context: AppContext,
  request: FastifyRequest,
  invoiceId: number,
  link: z.output<typeof pdfQuery>,
): Promise<Actor> {
  if (!link.sig) return authenticateRequest(context, request);
  const verdict = checkInvoicePdfLink(context.appKey, invoiceId, link, context.clock.now());
  if (verdict === 'expired') throw new LinkProblemError('expired', M.linkExpired);
  const reader = verdict === 'valid' ? await findUserById(context.db, link.u) : undefined;
  if (!reader || reader.status === 'deactivated') throw new LinkProblemError('invalid', M.linkInvalid);
  return admitLinkUser(context, request, reader);
}

/**
 * An invoice's documents (issue 23, docs/billing.md): its PDF (by signed link or bearer token, for whoever
 * may read the invoice), the e-invoice IRN typed in by staff, and the firm's logo the PDF carries.
 */
export function registerInvoiceDocumentRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byId = { params: invoiceIdParamsSchema };

  route.get(
    INVOICE_DOCUMENT_PATHS.upiQr(':id'),
    { ...byId, answer: invoiceUpiQrSchema, message: M.qrFetched },
    (request, actor) => readInvoiceUpiQr(context, actor, request.params.id),
  );

  route.post(
    '/invoices/:id/pdf-link',
    { ...byId, answer: invoicePdfLinkSchema, message: M.linkMade },
    (request, actor) => makeInvoicePdfLink(context, actor, request.params.id),
  );

  route.get(
    '/invoices/:id/pdf',
    {
      config: { public: true, linkPage: true },
      ...byId,
      querystring: pdfQuery,
      answer: fileAnswer('The invoice as PDF.', ['application/pdf']),
    },
    async (request, reply) => {
      const actor = await resolvePdfReader(context, request, request.params.id, request.query);
      const { pdf, fileName } = await openInvoicePdf(context, actor, request.params.id, request.ip);
      const file = { fileName, mimeType: 'application/pdf' };
      return setDownloadHeaders(reply, file, request.query.inline === '1').send(pdf);
    },
  );

  route.put(
    '/invoices/:id/irn',
    { ...byId, body: invoiceIrnSchema, answer: invoiceAnswerSchema, message: M.irnSaved },
    (request, actor) => saveInvoiceIrn(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    INVOICE_DOCUMENT_PATHS.logo,
    { ability: 'billing.profile', answer: billingLogoSchema, message: M.logoFetched },
    (_request, actor) => readBillingLogo(context, actor),
  );

  route.put(
    INVOICE_DOCUMENT_PATHS.logo,
    { ability: 'billing.profile', body: logoUploadSchema, answer: billingLogoSchema, message: M.logoSaved },
    (request, actor) => saveBillingLogo(context, actor, request.body.content_base64, request.ip),
  );

  route.delete(
    INVOICE_DOCUMENT_PATHS.logo,
    { ability: 'billing.profile', answer: z.null(), message: M.logoRemoved },
    (request, actor) => removeBillingLogo(context, actor, request.ip),
  );
}
