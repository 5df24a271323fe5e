import type { FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';
import { type MultipartLimits, readMultipartForm } from './multipart-form.js';

/** The fields of a JSON body, or of a multipart form that carries no files (spec: member create). */
export async function readFormFields(
  request: FastifyRequest,
  target: Pick<MultipartLimits, 'tempDir' | 'keyring'>,
): Promise<unknown> {
  if (!request.isMultipart()) return request.body ?? {};
  const form = await readMultipartForm(request, { ...target, maxFileBytes: 1, maxFiles: 0, maxFields: 20 });
  await form.discard();
  if (form.files.length > 0) throw new HttpError(400, GENERIC_MESSAGES.unknownFields);
  return form.fields;
}
