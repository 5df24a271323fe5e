import { z } from 'zod';
import { buildCursorLimit } from './paging.js';
import { plainRowIdSchema } from './row-ids.js';
import { buildRequiredText } from './text-fields.js';

/**
 * Firms that signed themselves up, held until the platform's admin approves them, when the portal runs
 * with `REGISTRATION_APPROVAL=true` (issue 20): an open sign-up alone must not let anyone import people
 * or send mail in the portal's name.
 */
export const FIRM_APPROVAL_PATHS = {
  pending: '/firm-approvals',
  approve: (id: number | string) => `/firm-approvals/${id}/approve`,
  reject: (id: number | string) => `/firm-approvals/${id}/reject`,
} as const;

export const FIRM_APPROVAL_MESSAGES = {
  waiting:
    'Your firm is waiting for the platform’s approval. You will get an email as soon as it is approved; until then you can complete your profile.',
  listed: 'Firms waiting for approval.',
  approved: 'The firm was approved; its owner has been told by email.',
  rejected: 'The firm was rejected; its owner has been told why by email.',
  notWaiting: 'This firm is not waiting for approval.',
  notFound: 'No firm waiting for approval was found.',
  reasonRequired: 'Please say why the firm is rejected: the reason is mailed to its owner.',
  reasonTooLong: 'Keep the reason under 500 characters.',
} as const;

/** `POST /api/firm-approvals/{id}/reject`: the reason, mailed to the firm's owner. */
export const firmRejectSchema = z.strictObject({
  reason: buildRequiredText(FIRM_APPROVAL_MESSAGES.reasonRequired, FIRM_APPROVAL_MESSAGES.reasonTooLong, 500),
});
export type FirmRejectInput = z.input<typeof firmRejectSchema>;

/** `GET /api/firm-approvals`: oldest first, by keyset (`after`: the last id of the previous page). */
export const firmApprovalListQuerySchema = z.strictObject({
  after: plainRowIdSchema.optional(),
  limit: buildCursorLimit(25, 100),
});
export type FirmApprovalListQuery = z.output<typeof firmApprovalListQuerySchema>;

/** A firm waiting: its owner as it signed up. */
export const pendingFirmSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The firm's name as given at the sign-up; null for a firm that signed up before it was asked. */
  firm_name: z.string().nullable(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  registered_at: z.string(),
  /** Its owner completed the registration form (the rest of the details). */
  registration_completed: z.boolean(),
});
export type PendingFirm = z.infer<typeof pendingFirmSchema>;

export const pendingFirmPageSchema = z.object({ data: z.array(pendingFirmSchema), next_after: z.number().nullable() });
export type PendingFirmPage = z.infer<typeof pendingFirmPageSchema>;
