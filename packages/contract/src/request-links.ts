import { z } from 'zod';
import { requestItemStatusSchema, type requestLinkStateSchema } from './requests.js';

/**
 * Request links (issue 24, docs/decisions/0036): the request mail and each reminder carry a link that
 * opens that one request without a sign-in; the client reads its checklist and uploads against it.
 */

/** Days a link lives at most; it ends sooner when its request closes, or staff revoke it. */
export const REQUEST_LINK_DAYS = 30;

/** The web's page a mailed link opens (`/r/<token>`). */
export const requestLinkPage = (token: string) => `/r/${token}`;

export const REQUEST_LINK_PATHS = {
  view: (token: string) => `/request-link/${token}`,
  upload: (token: string, itemId: number | string) => `/request-link/${token}/items/${itemId}/upload`,
  resend: (requestId: number | string) => `/requests/${requestId}/link/resend`,
  revoke: (requestId: number | string) => `/requests/${requestId}/link/revoke`,
} as const;

export const REQUEST_LINK_MESSAGES = {
  fetched: 'Document request fetched successfully.',
  uploaded: 'Document uploaded.',
  sent: 'A new link has been sent to the client. The earlier link no longer works.',
  revoked: 'The link no longer works.',
  expired: 'This link has expired. Ask your firm for a new one, or sign in to the portal.',
  invalid:
    'This link is not valid. A newer mail about the same request carries the link that works; or ask your firm for a new one, or sign in to the portal.',
  throttled: 'Too many attempts with this link. Please wait a while and try again.',
  linksOff: 'Request links are turned off in the firm settings.',
  notOpen: 'Links can be sent only for an open request.',
  clientInactive: "The client's account is not active, so no link can be sent.",
} as const;

/** Why a link opens nothing: past its time (or its request closed), or not a link at all. */
export type RequestLinkProblem = 'expired' | 'invalid';

/**
 * `GET /api/request-link/{token}`: the request as the client reads it through its link, and nothing
 * else: no ids beyond its documents', no files but the names of what each document received.
 */
export const requestLinkViewSchema = z.object({
  firm_name: z.string(),
  title: z.string(),
  service_name: z.string(),
  message: z.string().nullable(),
  due_date: z.string(),
  overdue: z.boolean(),
  expires_at: z.string(),
  max_upload_mb: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: requestItemStatusSchema,
      reason: z.string().nullable(),
      files: z.array(z.object({ file_name: z.string(), uploaded_at: z.string() })),
    }),
  ),
});
export type RequestLinkView = z.infer<typeof requestLinkViewSchema>;

/** What staff read of a request's link: whether one works, and until when (never the token). */
export type RequestLinkState = z.infer<typeof requestLinkStateSchema>;
