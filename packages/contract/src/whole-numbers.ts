import { z } from 'zod';

// Counts, days and years are checked the same way everywhere; every failure says the field's one message.
/** A whole number from `min` to `max` inside a JSON body (text is not accepted). */
export const buildWholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A whole number from `min` to `max` sent as text (a query, a multipart field) or a number. */
export const buildCoercedWholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
