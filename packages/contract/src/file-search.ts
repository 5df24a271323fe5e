import { z } from 'zod';
import { MAX_ROW_ID, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/** Trigrams need three characters: a shorter piece of a name is refused (docs/decisions/0057-file-search.md). */
export const MIN_FILE_SEARCH_TERM = 3;
const FILE_SEARCH_PAGE_SIZE = 20;
const MAX_FILE_SEARCH_PAGE_SIZE = 50;

export const FILE_SEARCH_MESSAGES = {
  termTooShort: `Type at least ${MIN_FILE_SEARCH_TERM} characters of the file's name.`,
  termTooLong: 'Search for at most 100 characters.',
  cursorInvalid: 'The page of search results asked for is not valid.',
  limitInvalid: `Limit must be a whole number from 1 to ${MAX_FILE_SEARCH_PAGE_SIZE}.`,
  serviceWithoutClient: 'Choose the client whose service to search.',
  searched: 'Files found.',
} as const;
const M = FILE_SEARCH_MESSAGES;

/** The search box's own field: what the form validates before asking. */
export const fileSearchTermSchema = z
  .string({ error: M.termTooShort })
  .trim()
  .min(MIN_FILE_SEARCH_TERM, M.termTooShort)
  .max(100, M.termTooLong);

/** The form of the file browser's search box ("Search this client's files"). */
export const fileSearchFormSchema = z.object({ q: fileSearchTermSchema });
export type FileSearchFormInput = z.input<typeof fileSearchFormSchema>;

/**
 * `GET /api/files/search?q=&client_id=&service_id=&before=&limit=`: files whose name holds `q`, newest
 * first, within the caller's reach; `client_id` (and `service_id` with it) narrows to one client (service).
 */
export const fileSearchQuerySchema = z
  .object({
    q: fileSearchTermSchema,
    client_id: rowIdSchema(SHARED_MESSAGES.clientInvalid).optional(),
    service_id: rowIdSchema(SHARED_MESSAGES.serviceInvalid).optional(),
    before: z.coerce
      .number({ error: M.cursorInvalid })
      .int(M.cursorInvalid)
      .positive(M.cursorInvalid)
      .max(MAX_ROW_ID, M.cursorInvalid)
      .optional(),
    limit: z.coerce
      .number({ error: M.limitInvalid })
      .int(M.limitInvalid)
      .min(1, M.limitInvalid)
      .max(MAX_FILE_SEARCH_PAGE_SIZE, M.limitInvalid)
      .default(FILE_SEARCH_PAGE_SIZE),
  })
  .refine((query) => query.service_id === undefined || query.client_id !== undefined, {
    message: M.serviceWithoutClient,
    path: ['service_id'],
  });
export type FileSearchQuery = z.output<typeof fileSearchQuerySchema>;

const namedRef = z.object({ id: z.number(), name: z.string() });

/** One file found: enough to show where it is and to open its folder or download it. */
export const fileSearchResultSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  size: z.number(),
  mime: z.string(),
  created_at: z.string(),
  client: namedRef,
  service: namedRef,
  /** Null: at the service's top level. */
  folder: namedRef.nullable(),
  /** A signed link to download the file, and when it stops working (ISO time). */
  download_url: z.string(),
  download_url_expires_at: z.string(),
});
export type FileSearchResult = z.infer<typeof fileSearchResultSchema>;

export const fileSearchPageSchema = z.object({
  files: z.array(fileSearchResultSchema),
  /** The `before` of the next page, or null when this page is the last. */
  next: z.number().nullable(),
});
export type FileSearchPage = z.infer<typeof fileSearchPageSchema>;

export const FILE_SEARCH_PATH = '/files/search';
