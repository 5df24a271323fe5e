import { DOCUMENT_TYPES, type DocumentType, documentPathSegment } from '@portal/contract/documents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { admitLinkUser } from '../../auth/authenticate.js';
import { failNotFound } from '../../http/http-error.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { isStoreName } from '../../storage/document-storage.js';
import { openDocumentByLink } from './user-documents.service.js';

const TYPE_BY_SEGMENT = new Map<string, DocumentType>(DOCUMENT_TYPES.map((type) => [documentPathSegment(type), type]));

const documentParamsSchema = z.object({ segment: z.string(), store_name: z.string() });
// A mangled link is simply not valid (403), not a form error.
const documentQuerySchema = z.object({
  u: z.coerce.number().int().catch(0),
  expires: z.coerce.number().int().catch(0),
  sig: z.string().max(100).catch(''),
});

/**
 * `GET /document/{type}/{store_name}`, `/document/logo/{name}`, `/document/profile/{name}`: only with
 * the signed query a detail response put in the link, for the user it was made for.
 */
export function registerDocumentRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/document/:segment/:store_name',
    {
      config: { public: true, linkPage: true },
      schema: { params: documentParamsSchema, querystring: documentQuerySchema, hide: true },
    },
    async (request, reply) => {
      const { segment, store_name: storeName } = request.params;
      const type = TYPE_BY_SEGMENT.get(segment);
      if (!type || !isStoreName(storeName)) failNotFound();
      const document = await openDocumentByLink(context, { type, storeName }, request.query, {
        ip: request.ip,
        admitViewer: (viewer) => admitLinkUser(context, request, viewer),
      });
      // Pictures show in an <img>; a PDF downloads, since a sandboxed page cannot show it in Chrome.
      return sendStoredFile(request, reply, document, document.mimeType.startsWith('image/'));
    },
  );
}
