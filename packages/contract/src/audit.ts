import { z } from 'zod';
import { blankToUndefined } from './blank-input.js';
import { cursorPageSchema } from './envelope.js';
import { buildKeysetCursor, buildPageLimit } from './paging.js';
import { DATE_MESSAGES, parseIndianDate } from './plain-dates.js';
import { rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildCoercedWholeNumber } from './whole-numbers.js';

/**
 * The activity log as people read it (`GET /api/audit`, `GET /api/audit/export`): newest first, a page
 * at a time by cursor, filtered by person, client, action and an Indian date range.
 */
export const AUDIT_MESSAGES = {
  listed: 'Activity fetched successfully.',
  personInvalid: 'Select a valid person.',
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  clientNotFound: SHARED_MESSAGES.clientNotFound,
  actionInvalid: 'Select a valid action.',
  rangeReversed: 'The From date must be on or before the To date.',
  cursorInvalid: 'The page of activity asked for is not valid.',
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 100;

export const AUDIT_PATHS = {
  list: '/audit',
  export: '/audit/export',
} as const;

const M = AUDIT_MESSAGES;
/** `?action=` and the like, sent empty by a form, mean "any". */
const optionalId = (message: string) => z.preprocess(blankToUndefined, rowIdSchema(message).optional());
const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: DATE_MESSAGES.invalid })
    .transform((value, context) => {
      const iso = parseIndianDate(value);
      if (iso === null) {
        context.addIssue({ code: 'custom', message: DATE_MESSAGES.invalid });
        return z.NEVER;
      }
      return iso;
    })
    .optional(),
);

const filterShape = {
  actor_id: optionalId(M.personInvalid),
  client_id: optionalId(M.clientInvalid),
  action: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.actionInvalid })
      .max(100, M.actionInvalid)
      .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/, M.actionInvalid)
      .optional(),
  ),
  /** dd/mm/yyyy (or ISO): the first Indian day shown. */
  from: optionalDate,
  /** dd/mm/yyyy (or ISO): the last Indian day shown, whole. */
  to: optionalDate,
};

/** A cursor is the last shown event's time and id: `<ISO timestamp>_<id>`. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,15})$/;

const rangeInOrder = (filters: { from?: string | undefined; to?: string | undefined }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

/** `GET /api/audit/export`: the filters of the list, every matching event. */
export const auditFiltersSchema = z
  .object(filterShape)
  .refine(rangeInOrder, { message: M.rangeReversed, path: ['to'] });

/** `GET /api/audit`: the filters, `before` (the previous answer's `next`) and `limit`. */
export const auditListQuerySchema = z
  .object({
    ...filterShape,
    before: z.preprocess(
      blankToUndefined,
      buildKeysetCursor(CURSOR, M.cursorInvalid, (at, id) => ({ at, id })),
    ),
    /** A page by number (from 1), for a pager that jumps; ignored beside `before`. */
    page: z.preprocess(blankToUndefined, buildCoercedWholeNumber(M.cursorInvalid, 1, 1_000_000).optional()),
    limit: z.preprocess(blankToUndefined, buildPageLimit(M.cursorInvalid, AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE)),
  })
  .refine(rangeInOrder, { message: M.rangeReversed, path: ['to'] });

export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
/** The filters as typed (dates as dd/mm/yyyy), as a screen sends them. */
export type AuditFilterInput = { actor_id?: string; client_id?: string; action?: string; from?: string; to?: string };

/** The cursor of the page after the one ending with this event. */
export const auditCursorOf = (event: { created_at: string; id: number }) => `${event.created_at}_${event.id}`;

export const auditTargetSchema = z.object({ type: z.string(), id: z.number().nullable(), name: z.string().nullable() });
export type AuditTarget = z.infer<typeof auditTargetSchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  action: z.string(),
  action_label: z.string(),
  created_at: z.string(),
  /** The address the request came from. */
  ip: z.string().nullable(),
  /** Who acted; null for a sign-in failure that named no account. */
  actor: z.object({ id: z.number(), name: z.string(), role: z.string() }).nullable(),
  /** The client the event is about, if any. */
  client: z.object({ id: z.number(), name: z.string() }).nullable(),
  target: auditTargetSchema.nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * A page of events: `next` is the `before` of the following page, null on the last. `total` counts every
 * event the filters show (through the same index as the page); `current_page` is the page asked by
 * number (1 when paged by cursor) and `last_page` the count of pages of `per_page`.
 */
export const auditPageSchema = cursorPageSchema(auditEventSchema, z.string().nullable()).extend({
  total: z.number(),
  current_page: z.number(),
  last_page: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * Every kind of thing an event can act on, in words. The API records only these (`recordAudit` takes
 * `AuditTargetType`), so a new kind without words fails `tsc` where it is recorded.
 */
export const AUDIT_TARGET_WORDS = {
  user: 'User',
  file: 'File',
  folder: 'Folder',
  service: 'Service',
  family_member: 'Family member',
  user_link: 'User link',
  compliance_rule: 'Compliance rule',
  work_item: 'Work item',
  invoice: 'Invoice',
  receipt: 'Receipt',
  document_request: 'Document request',
  breach: 'Breach',
  rights_request: 'Data request',
  legal_hold: 'Legal hold',
  retention_class: 'Retention class',
} as const satisfies Record<string, string>;

export type AuditTargetType = keyof typeof AUDIT_TARGET_WORDS;

const TARGET_WORDS: Record<string, string> = AUDIT_TARGET_WORDS;

/** What an event acted on, in words: "File invoice.pdf", "Compliance rule GSTR-3B", "Folder #12" once it is gone. */
export function describeAuditTarget(target: AuditTarget | null): string {
  if (!target) return '';
  const kind = TARGET_WORDS[target.type] ?? target.type;
  if (target.name) return `${kind} ${target.name}`;
  return target.id === null ? kind : `${kind} #${target.id}`;
}
