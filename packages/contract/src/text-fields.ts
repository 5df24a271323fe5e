import { z } from 'zod';

// One shape for the many "write it, within N characters" fields, so each says only its messages and limit.
/** Trimmed text that must not be blank: `required` when missing or blank, `tooLong` above `max` characters. */
export const buildRequiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
