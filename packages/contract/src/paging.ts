import { z } from 'zod';
import { buildCoercedWholeNumber } from './whole-numbers.js';

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const PAGING_MESSAGES = {
  page: 'Page must be a whole number of at least 1.',
  limit: 'Limit must be a whole number of at least 1.',
} as const;

// Every list reads its page size the same way; only its message, default and cap differ.
/** A page size sent as text: a whole number of at least 1, `size` when absent, clamped (not refused) above `max`. */
export const buildPageLimit = (message: string, size: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .default(size)
    .transform((limit) => Math.min(limit, max));

/** A cursor list's page size sent as text: 1 to `max` (above it refused, in zod's words), `size` when absent. */
export const buildCursorLimit = (size: number, max: number) => z.coerce.number().int().min(1).max(max).default(size);

/** `?page&limit` of every paged list; `limit` above the cap is clamped, not refused. */
export const pageQuerySchema = z.object({
  page: buildCoercedWholeNumber(PAGING_MESSAGES.page, 1, 1_000_000).default(1),
  limit: buildPageLimit(PAGING_MESSAGES.limit, PAGE_SIZE, MAX_PAGE_SIZE),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Page count as the spec defines it (ceil(total / size)), never below 1 so page 1 always exists. */
export function countPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * A keyset cursor sent as text, `<key>_<id>` as `pattern` (two groups) matches it, read by `read` into what
 * the list seeks from; absent when not sent. Every failure says `message`.
 */
export const buildKeysetCursor = <T>(pattern: RegExp, message: string, read: (key: string, id: number) => T) =>
  z
    .string({ error: message })
    .regex(pattern, message)
    .transform((value) => {
      const [, key, id] = pattern.exec(value) as unknown as [string, string, string];
      return read(key, Number(id));
    })
    .optional();
