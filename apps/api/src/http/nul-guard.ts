import type { FastifyInstance } from 'fastify';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';

const MAX_DEPTH = 20;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL refuses text with a NUL character (SQLite takes it), so such input would fail only on
 * one database, and only once it reached a query: every JSON body, query and path parameter is checked
 * here first and refused with 400. Multipart fields are checked as they are read (multipart-form.ts).
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new HttpError(400, GENERIC_MESSAGES.nulCharacter);
    }
  });
}
