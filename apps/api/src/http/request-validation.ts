import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, z } from 'zod';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';

/** Groups zod issues by field, the shape forms show under each input. */
export function collectFieldErrors(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  // Field names come from the request: `toString` or `__proto__` must be plain keys, not Object's own.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.join('.')];
    const message = issue.code === 'unrecognized_keys' ? 'This field is not allowed.' : issue.message;
    for (const key of keys) {
      const field = key || '_';
      const list = Object.hasOwn(errors, field) ? (errors[field] as string[]) : [];
      if (!list.includes(message)) list.push(message);
      errors[field] = list;
    }
  }
  return errors;
}

/** Unknown fields are a malformed request (400); anything else is invalid data (422). */
export function toValidationError(issues: z.core.$ZodIssue[]): HttpError {
  const unknown = issues.filter((issue) => issue.code === 'unrecognized_keys');
  if (unknown.length > 0) {
    return new HttpError(400, GENERIC_MESSAGES.unknownFields, collectFieldErrors(unknown));
  }
  return new HttpError(422, GENERIC_MESSAGES.invalid, collectFieldErrors(issues));
}

/** Route schemas are the contract's zod schemas; parsing also applies their trims and defaults. */
export const validateWithZod: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: toValidationError(result.error.issues) };
  };

/** Parses `input` with a contract schema inside a service, failing the way route validation does. */
export function parseOrThrow<T extends ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw toValidationError(result.error.issues);
  return result.data;
}
