import { z } from 'zod';
import { pagedSchema } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { requireSomeField } from './partial-updates.js';
import { personRefSchema } from './person-ref.js';
import type { RoleName } from './roles.js';
import { MAX_ROW_ID } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/**
 * In-app notifications (the bell) and the mail a user may turn off (docs/notifications.md). A
 * notification is personal: only its recipient ever lists or marks it.
 */
export const NOTIFICATION_KINDS = [
  /** A client service was handed to the recipient (its PC, executor, or another firm's MPC). */
  'service_assigned',
  /** A work item was assigned to the recipient. */
  'work_assigned',
  /** A work item the recipient is assigned to (or, when filed, the client's own) changed status. */
  'work_status',
  /** An open work item of the recipient is due within three days. */
  'work_due_soon',
  /** An open work item of the recipient is past its due date. */
  'work_overdue',
  /** Maker-checker: a work item was sent to the recipient to review. */
  'work_review_requested',
  /** Maker-checker: the reviewer verified the recipient's work item, or returned it for changes. */
  'work_reviewed',
  /** Document requests (issue 13): made to a client, an upload against one, an item rejected. */
  'request_made',
  'request_upload',
  'request_rejected',
  /** The owner's notices (issue 22): to the firm's MPC, about its firm's work, each on or off per channel. */
  'owner_work_filed',
  'owner_document_accepted',
  'owner_client_upload',
  /** Rights requests (issue 25): a client asked (to who handles them), its answer, refusal or download (to the client). */
  'rights_requested',
  'rights_answered',
  'rights_closed',
  'rights_download_ready',
  /** A client of the firm withdrew its consent to the privacy notice (issue 25): to the firm's MPC. */
  'consent_withdrawn',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** Days ahead an open item counts as "due soon" for the bell (today included). */
export const DUE_SOON_DAYS = 3;
/** Days ahead the daily digest lists (today included, through today + 7). */
export const DIGEST_DAYS_AHEAD = 7;
/** The digest goes out from this time of the day in India (Asia/Kolkata). */
export const DIGEST_HOUR_IST = 8;

/** One notification as its recipient reads it; `text` is the sentence the bell shows. */
export const notificationSchema = z.object({
  id: z.number(),
  kind: notificationKindSchema,
  text: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  actor: personRefSchema.nullable(),
  /** What it is about: the web links to the work item, else to the client service's files. */
  work_item_id: z.number().nullable(),
  client_id: z.number().nullable(),
  service_id: z.number().nullable(),
  request_id: z.number().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: a page, newest first, with how many of all the caller's are unread. */
export const notificationPageSchema = pagedSchema(notificationSchema).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = pageQuerySchema;

export const NOTIFICATION_MESSAGES = {
  listed: 'Notifications fetched successfully.',
  marked: 'Notifications marked as read.',
  idsOrAll: 'Send the ids to mark as read, or all: true.',
  idsInvalid: 'ids must be a list of 1 to 100 notification ids.',
  allInvalid: 'all must be true.',
} as const;

const M = NOTIFICATION_MESSAGES;
const notificationId = z.number({ error: M.idsInvalid }).int(M.idsInvalid).positive(M.idsInvalid).max(MAX_ROW_ID);

/** `POST /api/notifications/read`: some of one's own by id (others' and unknown ids change nothing), or all. */
export const notificationReadSchema = z
  .strictObject({
    ids: z.array(notificationId, { error: M.idsInvalid }).min(1, M.idsInvalid).max(100, M.idsInvalid).optional(),
    all: z.literal(true, { error: M.allInvalid }).optional(),
  })
  .refine((value) => (value.ids !== undefined) !== (value.all !== undefined), { message: M.idsOrAll, path: ['_'] });
export type NotificationReadInput = z.input<typeof notificationReadSchema>;

/** What marking answered: how many changed, and the caller's unread count after. */
export const notificationReadAnswerSchema = z.object({ marked: z.number(), unread: z.number() });
export type NotificationReadAnswer = z.infer<typeof notificationReadAnswerSchema>;

export const NOTIFICATION_PATHS = {
  list: '/notifications',
  read: '/notifications/read',
  mailPreferences: '/me/mail-preferences',
  ownerNotices: '/me/owner-notices',
  firmFeed: '/dashboard/firm-feed',
} as const;

/**
 * Mail a user may turn off. Security notices (password changed, second factor, reset links,
 * invitations) are not here: they are always sent.
 */
export const MAIL_KINDS = ['daily_digest', 'review_requested', 'request_made', 'request_reminder', 'invoices'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailKindSchema = z.enum(MAIL_KINDS);

/** Who receives each kind, and what My Profile calls it. */
export const MAIL_KIND_TEXTS: Record<MailKind, { label: string; description: string; roles: RoleName[] }> = {
  daily_digest: {
    label: 'Daily digest',
    description: 'At 08:00 IST: your overdue work and what falls due in the next 7 days.',
    roles: ['mpc', 'pc', 'executor'],
  },
  review_requested: {
    label: 'Work to review',
    description: 'When someone asks you to review a work item before it is filed.',
    roles: ['mpc', 'pc', 'executor'],
  },
  request_made: {
    label: 'Document requests',
    description: 'When your firm asks you for documents.',
    roles: ['client'],
  },
  request_reminder: {
    label: 'Request reminders',
    description: 'Reminders of documents your firm is still waiting for.',
    roles: ['client'],
  },
  invoices: {
    label: 'Invoices',
    description: 'Invoices your firm issues you, and reminders of those past their due date.',
    roles: ['client'],
  },
};

export const mailKindsOf = (role: RoleName): MailKind[] =>
  MAIL_KINDS.filter((kind) => MAIL_KIND_TEXTS[kind].roles.includes(role));

/** `GET /api/me/mail-preferences`: each kind the caller's role receives, on or off. */
export const mailPreferenceSchema = z.object({
  kind: mailKindSchema,
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

export const MAIL_PREFERENCE_MESSAGES = {
  listed: 'Email preferences fetched successfully.',
  saved: 'Email preferences saved.',
  onOff: SHARED_MESSAGES.onOff,
  notYours: 'This mail is not sent to your account.',
  nothingToChange: 'Send at least one email preference to change.',
} as const;

const onOff = z.boolean({ error: MAIL_PREFERENCE_MESSAGES.onOff });

/** `PUT /api/me/mail-preferences`: some kinds on or off; a kind one's role never receives is refused. */
export const mailPreferencesSchema = requireSomeField(
  z.strictObject({
    daily_digest: onOff.optional(),
    review_requested: onOff.optional(),
    request_made: onOff.optional(),
    request_reminder: onOff.optional(),
    invoices: onOff.optional(),
  }),
  MAIL_PREFERENCE_MESSAGES.nothingToChange,
);
export type MailPreferencesInput = z.input<typeof mailPreferencesSchema>;
