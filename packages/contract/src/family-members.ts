import { z } from 'zod';
import { serviceRefFields } from './answer-field-groups.js';
import { normalizeMobile } from './identifiers.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

export const MEMBER_MESSAGES = {
  nameRequired: 'Please enter name',
  mobileRequired: 'Please enter mobile number',
  emailRequired: 'Please enter Email Id',
  serviceRequired: 'Please select service',
  mobileInvalid: SHARED_MESSAGES.mobileInvalid,
  emailInvalid: SHARED_MESSAGES.emailInvalid,
  tooLong: SHARED_MESSAGES.tooLong,
  serviceNotOfClient: "Select one of the client's services.",
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  minorInvalid: 'Say whether the family member is a minor.',
  guardianNameRequired: "Enter the name of the minor's parent or lawful guardian.",
  guardianNameTooLong: "The guardian's name may not be longer than 200 characters.",
  guardianRelationRequired: 'Choose how the guardian is related to the minor.',
  created: 'Family member added successfully.',
  removed: 'Family member removed successfully.',
  listed: 'Family members fetched successfully.',
  notFound: 'Family member not found.',
} as const;

const M = MEMBER_MESSAGES;
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * Who consents for a minor (under 18, DPDP Act s.2(f) and s.9): a parent or the lawful guardian. The portal
 * records who it is; checking that consent is verifiable (Rules rule 10) is the firm's own process.
 */
export const { values: GUARDIAN_RELATIONS, labels: GUARDIAN_RELATION_LABELS } = defineLabelledChoices({
  father: 'Father',
  mother: 'Mother',
  lawful_guardian: 'Lawful guardian',
  grandparent: 'Grandparent',
  other_relative: 'Other relative',
});
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export const guardianRelationSchema = z.enum(GUARDIAN_RELATIONS);

/** A checkbox as a form sends it: a boolean (JSON), or '1'/'0', 'true'/'false' (multipart); absent: no. */
const checkboxSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === '' || value === '0' || value === 'false') return false;
    if (value === '1' || value === 'true') return true;
    return value;
  },
  z.boolean({ error: M.minorInvalid }),
);

/** Family member form and `POST /api/member/create`. */
export const memberCreateSchema = z
  .strictObject({
    member_name: required(M.nameRequired).max(200, M.tooLong),
    mobile_number: required(M.mobileRequired).transform((value, context) => {
      const normalized = normalizeMobile(value);
      if (normalized === null) {
        context.addIssue({ code: 'custom', message: M.mobileInvalid });
        return z.NEVER;
      }
      return normalized;
    }),
    email_id: required(M.emailRequired).max(254, M.tooLong).pipe(z.email(M.emailInvalid)),
    service_id: z.preprocess((value) => (value === '' ? undefined : value), rowIdSchema(M.serviceRequired)),
    /** The client the member belongs to. */
    user_id: rowIdSchema(M.clientInvalid),
    is_minor: checkboxSchema.optional(),
    guardian_name: z
      .string({ error: M.guardianNameRequired })
      .trim()
      .max(200, M.guardianNameTooLong)
      .nullable()
      .optional(),
    guardian_relation: z
      .union([z.literal(''), z.enum(GUARDIAN_RELATIONS)], { error: M.guardianRelationRequired })
      .nullable()
      .optional(),
  })
  // A minor's guardian is required; an adult's is not kept (the service drops what the form still held).
  .superRefine((value, context) => {
    if (value.is_minor !== true) return;
    if (!value.guardian_name)
      context.addIssue({ code: 'custom', message: M.guardianNameRequired, path: ['guardian_name'] });
    if (!value.guardian_relation)
      context.addIssue({ code: 'custom', message: M.guardianRelationRequired, path: ['guardian_relation'] });
  });

export type MemberCreateInput = z.input<typeof memberCreateSchema>;

export const familyMemberSchema = z.object({
  family_member_id: z.number(),
  member_name: z.string(),
  mobile_number: z.string(),
  email_id: z.string(),
  ...serviceRefFields,
  is_minor: z.boolean(),
  /** A minor's parent or lawful guardian; null for an adult. */
  guardian_name: z.string().nullable(),
  guardian_relation: guardianRelationSchema.nullable(),
  created_at: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const MEMBER_PATHS = {
  list: (clientId: number | string) => `/member/list/${clientId}`,
  create: '/member/create',
  remove: (memberId: number | string) => `/member/remove/${memberId}`,
} as const;
