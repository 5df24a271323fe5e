import { z } from 'zod';

/** Response envelope of every API call (docs/api-conventions.md). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export type ApiSuccess<T> = {
  status: 'success';
  message: string;
  data: T;
};

/** The envelope of a success answer around its `data` (each route's answer schema, wrapped once). */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string(), data });
}

/** Every 4xx and 5xx answer. */
export const failureEnvelopeSchema = z.object({
  status: z.literal('error'),
  /** Set when the web must act on the kind of failure, not only show its message (e.g. ACCOUNT_DISABLED). */
  code: z.string().optional(),
  message: z.string(),
  errors: fieldErrorsSchema,
});
export type ApiFailure = z.infer<typeof failureEnvelopeSchema>;

/** Shape of every paged list: `page` starts at 1. */
export type Paged<T> = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
};

/** The schema of `Paged<T>` around its item's schema. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    data: z.array(item),
  });
}

/** A list paged by cursor: `{data, per_page, next}` (docs/decisions/0020). */
export function cursorPageSchema<T extends z.ZodType, N extends z.ZodType>(item: T, next: N) {
  return z.object({ data: z.array(item), per_page: z.number(), next });
}

export const API_BASE_PATH = '/api';
