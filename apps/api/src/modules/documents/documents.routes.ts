import fs from 'node:fs';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, type DocumentType, documentPathSegment } from '@portal/contract/documents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { formatContentDisposition } from '../../http/content-disposition.js';
import { failNotFound, HttpError } from '../../http/http-error.js';
import { isStoreName } from '../../storage/document-storage.js';
import { findDocumentByStoreName } from '../users/user-documents.repository.js';
import { checkDocumentLink, documentPathOf } from './document-links.js';

const TYPE_BY_SEGMENT = new Map<string, DocumentType>(DOCUMENT_TYPES.map((type) => [documentPathSegment(type), type]));

const documentParamsSchema = z.object({ segment: z.string(), store_name: z.string() });
// A mangled link is simply not valid (403), not a form error.
const documentQuerySchema = z.object({ expires: z.coerce.number().int().catch(0), sig: z.string().max(100).catch('') });

/**
 * `GET /document/{type}/{store_name}`, `/document/logo/{name}`, `/document/profile/{name}`: only with
 * the signed query a detail response put in the link; the signature is the permission.
 */
export function registerDocumentRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/document/:segment/:store_name',
    {
      config: { public: true },
      schema: { params: documentParamsSchema, querystring: documentQuerySchema, hide: true },
    },
    async (request, reply) => {
      const { segment, store_name: storeName } = request.params;
      const type = TYPE_BY_SEGMENT.get(segment);
      if (!type || !isStoreName(storeName)) failNotFound();
      const { expires, sig } = request.query;
      const check = checkDocumentLink(
        context.appKey,
        documentPathOf(type, storeName),
        expires,
        sig,
        context.clock.now(),
      );
      if (check !== 'valid') {
        throw new HttpError(403, check === 'expired' ? DOCUMENT_MESSAGES.linkExpired : DOCUMENT_MESSAGES.linkInvalid);
      }
      const document = await findDocumentByStoreName(context.db, storeName);
      if (!document || document.document_type !== type) failNotFound();
      const inline = document.mime_type === 'application/pdf' || document.mime_type.startsWith('image/');
      return reply
        .header('content-type', document.mime_type)
        .header('content-length', String(document.size_bytes))
        .header(
          'content-disposition',
          formatContentDisposition(inline ? 'inline' : 'attachment', document.original_name),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(context.documents.pathOf(storeName)));
    },
  );
}
