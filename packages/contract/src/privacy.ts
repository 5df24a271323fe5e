import { z } from 'zod';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildPageLimit, MAX_PAGE_SIZE, PAGE_SIZE } from './paging.js';
import { ROLE_NAMES } from './roles.js';
import { buildIdParamsSchema, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * The firm's privacy notice and its users' consent, and the data protection contacts (issue 25,
 * docs/data-protection.md, docs/decisions/0041). The firm is the Data Fiduciary: its MPC writes the
 * notice, and its PCs, executors and clients accept each version before anything else.
 */

/** Version 0 is the portal's default notice, in force until the firm publishes its own (version 1 on). */
export const DEFAULT_NOTICE_VERSION = 0;
/** A notice's text, in characters: long enough to say what the Act asks, short enough to be read. */
export const NOTICE_TEXT_MIN = 100;
export const NOTICE_TEXT_MAX = 20_000;

export const PRIVACY_MESSAGES = {
  acceptRequired: "Please read and accept your firm's privacy notice before you continue.",
  withdrawnReadOnly:
    'You withdrew your consent, so you can only read your records. Accept the privacy notice again to change or add anything.',
  noticeFetched: 'Privacy notice fetched successfully.',
  versionsFetched: 'Privacy notice versions fetched successfully.',
  published: 'Privacy notice published. Everyone in your firm will be asked to accept it.',
  accepted: 'Thank you. Your acceptance of the privacy notice is recorded.',
  staleVersion: 'A newer privacy notice has been published. Please read it and accept it again.',
  withdrawn: 'Your consent is withdrawn and your firm has been told.',
  alreadyWithdrawn: 'You have already withdrawn your consent.',
  nothingToWithdraw: 'You have not accepted the privacy notice, so there is no consent to withdraw.',
  acceptancesFetched: 'Acceptances fetched successfully.',
  contactFetched: 'Data protection contact fetched successfully.',
  contactSaved: 'Data protection contact saved.',
  noFirm: 'Only the users of a firm have a privacy notice.',
  textRequired: 'Enter the text of the privacy notice.',
  textTooShort: `The privacy notice must be at least ${NOTICE_TEXT_MIN} characters long.`,
  textTooLong: `The privacy notice may not be longer than ${NOTICE_TEXT_MAX} characters.`,
  versionInvalid: 'Send the version of the notice you read.',
  confirmRequired: 'Confirm that you want to withdraw your consent.',
  nameRequired: 'Enter the name of the person to contact.',
  nameTooLong: 'The name may not be longer than 100 characters.',
  emailRequired: 'Enter an email address.',
  emailInvalid: SHARED_MESSAGES.emailInvalid,
  emailTooLong: 'The email address may not be longer than 254 characters.',
  phoneRequired: 'Enter a phone number.',
  phoneInvalid: 'Enter a phone number of 8 to 15 digits (with + and the country code outside India).',
  filterInvalid: 'Choose all or pending.',
  limitInvalid: 'The limit must be a whole number from 1 to 100.',
  cursorInvalid: 'This page link is not valid.',
  personInvalid: 'Choose a person of your firm.',
  noticeNotFound: 'Privacy notice not found.',
} as const;

const M = PRIVACY_MESSAGES;

/** `POST /api/privacy/notices`: the MPC publishes the text as the firm's next version. */
export const privacyNoticeSaveSchema = z.strictObject({
  text: buildRequiredText(M.textRequired, M.textTooLong, NOTICE_TEXT_MAX).min(NOTICE_TEXT_MIN, M.textTooShort),
});
export type PrivacyNoticeSaveInput = z.input<typeof privacyNoticeSaveSchema>;

/** `POST /api/privacy/notice/accept`: the version read, so a notice published meanwhile is not taken as accepted. */
export const privacyAcceptSchema = z.strictObject({
  version: buildWholeNumber(M.versionInvalid, 0, 1_000_000),
});
export type PrivacyAcceptInput = z.input<typeof privacyAcceptSchema>;

/** `POST /api/privacy/consent/withdraw`: a client withdraws, after the dialog that says what follows. */
export const consentWithdrawSchema = z.strictObject({
  confirm: z.literal(true, { error: M.confirmRequired }),
});

/** Digits, spaces, hyphens and a leading +; 8 to 15 digits in all (a landline with its STD code, a mobile). */
const PHONE_PATTERN = /^\+?[0-9][0-9 -]*[0-9]$/;
const phoneSchema = buildRequiredText(M.phoneRequired, M.phoneInvalid, 20).refine((value) => {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 8 && digits <= 15;
}, M.phoneInvalid);

/** `PUT /api/privacy/contact` (the MPC, its firm's) and `PUT /api/privacy/platform-contact` (the admin's). */
export const dataProtectionContactSchema = z.strictObject({
  name: buildRequiredText(M.nameRequired, M.nameTooLong, 100),
  email: buildRequiredText(M.emailRequired, M.emailTooLong, 254).pipe(z.email(M.emailInvalid)),
  phone: phoneSchema,
});
export type DataProtectionContactInput = z.input<typeof dataProtectionContactSchema>;

/** `GET /api/privacy/notices/{id}`: one published version of the caller's firm. */
export const noticeIdParamsSchema = buildIdParamsSchema(M.noticeNotFound);

export const { values: ACCEPTANCE_FILTERS, labels: ACCEPTANCE_FILTER_LABELS } = defineLabelledChoices({
  all: 'Every acceptance and withdrawal',
  pending: 'Not yet accepted the current version',
});
export type AcceptanceFilter = (typeof ACCEPTANCE_FILTERS)[number];

/**
 * `GET /api/privacy/acceptances`: `all` the firm's acceptances and withdrawals, newest first; `pending`
 * its PCs, executors and clients without a live acceptance of the current version (never accepted first).
 */
export const acceptanceListQuerySchema = z.object({
  filter: z.enum(ACCEPTANCE_FILTERS, { error: M.filterInvalid }).default('all'),
  /** `all` only: one member's acceptances and withdrawals. */
  user_id: rowIdSchema(M.personInvalid).optional(),
  after: z.string().max(40, M.cursorInvalid).optional(),
  limit: buildPageLimit(M.limitInvalid, PAGE_SIZE, MAX_PAGE_SIZE),
});
export type AcceptanceListFilters = z.output<typeof acceptanceListQuerySchema>;

/** Whom to ask about the processing of one's personal data (DPDP Act s.8(9), Rules rule 9). */
export const dataProtectionContactAnswerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type DataProtectionContact = z.infer<typeof dataProtectionContactAnswerSchema>;

/** The footer's contacts: the firm's for its users; the platform's too for the firm's staff and MPC. */
export const dataProtectionContactsSchema = z.object({
  firm: dataProtectionContactAnswerSchema.nullable(),
  platform: dataProtectionContactAnswerSchema.nullable(),
});
export type DataProtectionContacts = z.infer<typeof dataProtectionContactsSchema>;

/** The notice in force for the caller's firm, and where the caller stands with it. */
export const privacyNoticeSchema = z.object({
  version: z.number(),
  /** The portal's default text (version 0): the firm has not published its own yet. */
  is_default: z.boolean(),
  text: z.string(),
  published_at: z.string().nullable(),
  firm_name: z.string(),
  contact: dataProtectionContactAnswerSchema.nullable(),
  /** The version the caller last accepted; null: none, or consent withdrawn since. */
  accepted_version: z.number().nullable(),
  /** The caller must accept this version before anything else (PCs, executors, clients). */
  acceptance_required: z.boolean(),
  consent_withdrawn_at: z.string().nullable(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** One published version, as the MPC lists them (newest first). */
export const privacyNoticeVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  text: z.string(),
  published_at: z.string(),
  published_by: z.string().nullable(),
  current: z.boolean(),
});
export type PrivacyNoticeVersion = z.infer<typeof privacyNoticeVersionSchema>;

export const { values: CONSENT_STATUSES, labels: CONSENT_STATUS_LABELS } = defineLabelledChoices({
  accepted: 'Accepted',
  withdrawn: 'Withdrew consent',
  not_accepted: 'Not accepted yet',
});
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export const consentStatusSchema = z.enum(CONSENT_STATUSES);

/**
 * A row of the acceptances list: an acceptance or a withdrawal (`all`), or a person who has not accepted
 * the current version (`pending`: the version last accepted, or null; when and where, if withdrawn).
 */
export const consentRowSchema = z.object({
  key: z.string(),
  person: z.object({ id: z.number(), name: z.string(), role: z.enum(ROLE_NAMES) }),
  status: consentStatusSchema,
  version: z.number().nullable(),
  at: z.string().nullable(),
  ip: z.string().nullable(),
});
export type ConsentRow = z.infer<typeof consentRowSchema>;

export const PRIVACY_PATHS = {
  notice: '/privacy/notice',
  accept: '/privacy/notice/accept',
  versions: '/privacy/notices',
  version: (id: number | string) => `/privacy/notices/${id}`,
  acceptances: '/privacy/acceptances',
  contact: '/privacy/contact',
  platformContact: '/privacy/platform-contact',
  withdraw: '/privacy/consent/withdraw',
} as const;
