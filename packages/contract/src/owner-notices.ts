import { z } from 'zod';
import { SHARED_MESSAGES } from './shared-messages.js';

/**
 * What the firm's MPC hears about its firm's work (issue 22, docs/notifications.md, "The owner's
 * notices"): a filing, an accepted document, a client's upload. Each is on or off in the bell and by
 * mail, chosen in My Profile.
 */
export const OWNER_NOTICE_KINDS = ['owner_work_filed', 'owner_document_accepted', 'owner_client_upload'] as const;
export type OwnerNoticeKind = (typeof OWNER_NOTICE_KINDS)[number];
export const ownerNoticeKindSchema = z.enum(OWNER_NOTICE_KINDS);

export const OWNER_NOTICE_TEXTS: Record<OwnerNoticeKind, { label: string; description: string }> = {
  owner_work_filed: { label: 'Work filed', description: 'A work item of your firm is filed or completed.' },
  owner_document_accepted: {
    label: 'Documents accepted',
    description: 'A document a client uploaded against a request is accepted.',
  },
  owner_client_upload: {
    label: 'Client uploads',
    description: 'A client uploads a file, against a request or into its folders.',
  },
};

/** `GET /api/me/owner-notices`: each kind, in the bell and by mail. */
export const ownerNoticePreferenceAnswerSchema = z.object({
  kind: ownerNoticeKindSchema,
  label: z.string(),
  description: z.string(),
  in_app: z.boolean(),
  mail: z.boolean(),
});
export type OwnerNoticePreference = z.infer<typeof ownerNoticePreferenceAnswerSchema>;

export const OWNER_NOTICE_MESSAGES = {
  listed: 'Notice preferences fetched successfully.',
  saved: 'Notice preferences saved.',
  kindInvalid: 'Choose one of the notices.',
  onOff: SHARED_MESSAGES.onOff,
  channelNeeded: 'Send in_app, mail or both.',
  onlyMpc: 'Only the firm owner receives these notices.',
} as const;

const M = OWNER_NOTICE_MESSAGES;
const onOff = z.boolean({ error: M.onOff });

/** `PUT /api/me/owner-notices`: one kind, in the bell, by mail, or both. */
export const ownerNoticePreferenceSchema = z
  .strictObject({
    kind: z.enum(OWNER_NOTICE_KINDS, { error: M.kindInvalid }),
    in_app: onOff.optional(),
    mail: onOff.optional(),
  })
  .refine((value) => value.in_app !== undefined || value.mail !== undefined, { message: M.channelNeeded, path: ['_'] });
export type OwnerNoticePreferenceInput = z.input<typeof ownerNoticePreferenceSchema>;

/** One row of the MPC dashboard's "Recently filed" or "Documents received" (`GET /api/dashboard/firm-feed`). */
export const firmFeedEntrySchema = z.object({
  id: z.number(),
  client: z.object({ id: z.number(), name: z.string() }),
  service_id: z.number().nullable(),
  service_name: z.string().nullable(),
  /** A work item's title ("Recently filed") or a document's name ("Documents received"). */
  subject: z.string(),
  ack_number: z.string().nullable(),
  /** yyyy-mm-dd (India); shown dd/mm/yyyy. */
  happened_on: z.string(),
  work_item_id: z.number().nullable(),
  request_id: z.number().nullable(),
  folder_id: z.number().nullable(),
});
export type FirmFeedEntry = z.infer<typeof firmFeedEntrySchema>;

/** How many of each the dashboard shows. */
export const FIRM_FEED_SIZE = 5;
export const firmFeedSchema = z.object({ filed: z.array(firmFeedEntrySchema), received: z.array(firmFeedEntrySchema) });
export type FirmFeed = z.infer<typeof firmFeedSchema>;
export const FIRM_FEED_MESSAGES = { listed: 'Recent filings and documents fetched successfully.' } as const;
