import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { type MultipartForm, readMultipartForm } from '../../http/multipart-form.js';

/** The one file and few fields of a requested document's upload, signed in or by request link alike. */
export function readRequestUploadForm(context: AppContext, request: FastifyRequest): Promise<MultipartForm> {
  return readMultipartForm(request, {
    tempDir: context.documents.tempDir,
    keyring: context.keyring,
    maxFileBytes: context.config.maxUploadBytes,
    maxFiles: 1,
    maxFields: 5,
    fileFields: ['file'],
  });
}
