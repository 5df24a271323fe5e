import { z } from 'zod';
import { isoDateSchema } from './compliance.js';
import { addDays } from './plain-dates.js';

/**
 * ICAI's Unique Document Identification Number: 18 characters, YY (last two digits of the year it was
 * generated) + MMMMMM (the member's 6-digit ICAI membership number) + 10 letters or digits the UDIN portal
 * draws (udin.icai.org FAQs). It is generated at signing and at the latest 60 days after it (ICAI
 * announcement of 17 September 2021, which raised the earlier 15 days; docs/decisions/0032).
 */
export const UDIN_PATTERN = /^[0-9]{2}[0-9]{6}[A-Z0-9]{10}$/;
/** The days after signing within which ICAI allows the UDIN to be generated, both days counted. */
export const UDIN_DEADLINE_DAYS = 60;
/** UDINs began in 2019: a year before that is a typing mistake. */
const FIRST_UDIN_YEAR = 19;

export const UDIN_MESSAGES = {
  udinInvalid:
    'Enter the 18-character UDIN: the 2-digit year, the 6-digit membership number, then 10 letters or digits.',
  udinYear: 'The UDIN year must be the year of signing, or of the 60 days after it.',
  signedOnInvalid: 'Enter the date the document was signed as dd/mm/yyyy.',
  signedOnFuture: 'The date of signing may not be in the future.',
  udinNeedsSigning: 'Enter the date the document was signed with its UDIN.',
} as const;

/** A UDIN as typed: spaces and dashes dropped, upper case; empty clears it. */
export const udinSchema = z.union([
  z
    .string({ error: UDIN_MESSAGES.udinInvalid })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .transform((value) => (value === '' ? null : value))
    .refine(
      (value) => value === null || (UDIN_PATTERN.test(value) && Number(value.slice(0, 2)) >= FIRST_UDIN_YEAR),
      UDIN_MESSAGES.udinInvalid,
    ),
  z.null(),
]);

/** The fields `PUT /api/work/{id}` takes for the UDIN register (spread into workUpdateSchema). */
export const udinUpdateFields = {
  udin: udinSchema.optional(),
  signed_on: z.union([isoDateSchema(UDIN_MESSAGES.signedOnInvalid), z.null()]).optional(),
};

/** The last day a UDIN may be generated for a document signed on `signedOn`. */
export const udinDeadlineOf = (signedOn: string): string => addDays(signedOn, UDIN_DEADLINE_DAYS - 1);

/** Whether the UDIN's year fits a document signed on `signedOn` (generated then, or before the deadline). */
export function udinYearFits(udin: string, signedOn: string): boolean {
  const year = udin.slice(0, 2);
  return year === signedOn.slice(2, 4) || year === udinDeadlineOf(signedOn).slice(2, 4);
}
