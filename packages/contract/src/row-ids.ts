import { z } from 'zod';

/**
 * A row's id as a request names it. The ceiling is PostgreSQL's `integer`: a larger number would fail
 * in the database as a 500 instead of answering the caller's message.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** An id sent as text (a path, a query, a multipart field) or a number; every failure says `message`. */
export const rowIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);

/** An id sent as text whose failure answers zod's own words: the billing lists' filters and paths. */
export const plainRowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** An id inside a JSON body, where text is not accepted for a number. */
export const jsonRowIdSchema = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);

/** The params of a `/…/:id` path: the row's id, `message` when it is not one (the row is not found). */
export const buildIdParamsSchema = (message: string) => z.object({ id: rowIdSchema(message) });
