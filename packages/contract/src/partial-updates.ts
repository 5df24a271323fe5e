import type { z } from 'zod';

/**
 * A change of some fields, each optional: at least one must be sent, else `message`, on `_` (the form's
 * own line, not a field's).
 */
export const requireSomeField = <T extends z.ZodObject>(schema: T, message: string) =>
  schema.refine((value: object) => Object.values(value).some((field) => field !== undefined), {
    message,
    path: ['_'],
  });
