import { z } from 'zod';
import { buildCoercedWholeNumber } from './whole-numbers.js';

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const PAGING_MESSAGES = {
  page: 'Page must be a whole number of at least 1.',
  limit: 'Limit must be a whole number of at least 1.',
} as const;

/** `?page&limit` of every paged list; `limit` above the cap is clamped, not refused. */
export const pageQuerySchema = z.object({
  page: buildCoercedWholeNumber(PAGING_MESSAGES.page, 1, 1_000_000).default(1),
  limit: z.coerce
    .number({ error: PAGING_MESSAGES.limit })
    .int(PAGING_MESSAGES.limit)
    .min(1, PAGING_MESSAGES.limit)
    .default(PAGE_SIZE)
    .transform((limit) => Math.min(limit, MAX_PAGE_SIZE)),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Page count as the spec defines it (ceil(total / size)), never below 1 so page 1 always exists. */
export function countPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
