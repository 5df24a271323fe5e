import { z } from 'zod';
import { fileVisibilitySchema } from './files.js';
import { buildPageLimit } from './paging.js';
import { buildIdParamsSchema } from './row-ids.js';

/**
 * The trash of a client service's files (issue 25, docs/decisions/0043): a deleted file or folder, with
 * everything under it, waits there for the firm's period before it is deleted for good.
 */

/** Days a deleted file or folder stays in the trash unless its firm chooses (1 to 365). */
export const DEFAULT_TRASH_DAYS = 30;
export const MAX_TRASH_DAYS = 365;
export const TRASH_DAYS_INVALID = `Keep deleted files between 1 and ${MAX_TRASH_DAYS} days.`;

const CURSOR_INVALID = 'The page of the trash asked for is not valid.';

export const FILE_TRASH_MESSAGES = {
  listed: 'Trash fetched successfully.',
  entryNotFound: 'This item is not in the trash.',
  restored: 'Restored.',
  restoredToTop: 'Restored to the top level: the folder it was in is in the trash itself.',
  purged: 'Deleted for good.',
  cursorInvalid: CURSOR_INVALID,
  nameTaken: 'An item of this name was just added there. Please try again.',
  /** A client's deletions wait out the period; deleting for good is the firm's. */
  purgeRefused: 'Only the firm deletes items in the trash for good.',
  purgeOnHold: 'This client is on legal hold: nothing of it can be deleted for good until the hold is released.',
} as const;

/** `?before=<trash id>&limit=`: the entries older than the last one shown (the answer's `next`). */
export const trashListQuerySchema = z.object({
  before: z.coerce
    .number({ error: CURSOR_INVALID })
    .int(CURSOR_INVALID)
    .positive(CURSOR_INVALID)
    .max(Number.MAX_SAFE_INTEGER, CURSOR_INVALID)
    .optional(),
  limit: buildPageLimit(CURSOR_INVALID, 50, 200),
});
export type TrashListQuery = z.output<typeof trashListQuerySchema>;

/** `/trash/:id/...`: one entry of a trash. */
export const trashEntryParamsSchema = buildIdParamsSchema(FILE_TRASH_MESSAGES.entryNotFound);

/** One deletion, as the trash lists it. */
export const trashEntrySchema = z.object({
  trash_id: z.number(),
  kind: z.enum(['file', 'folder']),
  name: z.string(),
  /** The folders it was in, from the top level down (empty: the service's top level). */
  from_path: z.array(z.string()),
  /** Who deleted it, by name. */
  deleted_by: z.string(),
  /** ISO times: when it was deleted, and when it is deleted for good. */
  deleted_at: z.string(),
  purge_at: z.string(),
  /** Whole days until then (0: during the next hour). */
  days_left: z.number(),
  /** The files it holds (1 for a file) and their bytes, current versions. */
  files: z.number(),
  size: z.number(),
  /** `firm` when it, or a folder above it, was firm-only. */
  visibility: fileVisibilitySchema,
  permissions: z.object({ restore: z.boolean(), purge: z.boolean() }),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** `GET /api/trash/:client_id/:service_id`: a page of the service's trash, newest deletion first. */
export const trashPageSchema = z.object({
  entries: z.array(trashEntrySchema),
  /** The `before` of the next page, or null when this page is the last. */
  next: z.number().nullable(),
  /** The firm's period. */
  trash_days: z.number(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;

/** `POST /api/trash/:id/restore`: where the item is again. */
export const trashRestoredSchema = z.object({
  kind: z.enum(['file', 'folder']),
  id: z.number(),
  /** Its name now: "(restored)" added when a live item of its name is already there. */
  name: z.string(),
  /** Null: the service's top level. */
  folder_id: z.number().nullable(),
  /** Whether it went to the top level because its folder is in the trash (or gone). */
  moved_to_top: z.boolean(),
});
export type TrashRestored = z.infer<typeof trashRestoredSchema>;

export const FILE_TRASH_PATHS = {
  list: (clientId: number | string, serviceId: number | string) => `/trash/${clientId}/${serviceId}`,
  restore: (trashId: number | string) => `/trash/${trashId}/restore`,
  purge: (trashId: number | string) => `/trash/${trashId}`,
} as const;

/**
 * The name a restored item takes when a live one of its name is in the same place: "Invoice (restored).pdf",
 * then "Invoice (restored 2).pdf"; a folder has no extension.
 */
export function buildRestoredName(name: string, attempt: number, kind: 'file' | 'folder'): string {
  const mark = attempt <= 1 ? ' (restored)' : ` (restored ${attempt})`;
  const dot = kind === 'file' ? name.lastIndexOf('.') : -1;
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const limit = kind === 'file' ? 255 : 100;
  return `${stem.slice(0, Math.max(1, limit - mark.length - extension.length))}${mark}${extension}`;
}
