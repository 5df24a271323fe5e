import { z } from 'zod';

// One shape for the many "write it, within N characters" fields, so each says only its messages and limit.
/** Trimmed text that must not be blank: `required` when missing or blank, `tooLong` above `max` characters. */
export const buildRequiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Trimmed text that may be left out, sent as null or blank: null then; `tooLong` above `max` characters. */
export const buildOptionalText = (tooLong: string, max: number) =>
  z
    .union([z.string({ error: tooLong }).trim().max(max, tooLong), z.null()])
    .optional()
    .transform((value) => (value ? value : null));
