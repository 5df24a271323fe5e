import { z } from 'zod';
import { normalizeMobile } from './identifiers.js';
import { rowIdSchema } from './row-ids.js';

export const MEMBER_MESSAGES = {
  nameRequired: 'Please enter name',
  mobileRequired: 'Please enter mobile number',
  emailRequired: 'Please enter Email Id',
  serviceRequired: 'Please select service',
  mobileInvalid: 'Enter a valid mobile number (10 digits, or + and country code).',
  emailInvalid: 'Enter a valid email address.',
  tooLong: 'This value is too long.',
  serviceNotOfClient: "Select one of the client's services.",
  clientInvalid: 'Select a valid client.',
  created: 'Family member added successfully.',
  removed: 'Family member removed successfully.',
  listed: 'Family members fetched successfully.',
  notFound: 'Family member not found.',
} as const;

const M = MEMBER_MESSAGES;
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** Family member form and `POST /api/member/create`. */
export const memberCreateSchema = z.strictObject({
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
});

export type MemberCreateInput = z.input<typeof memberCreateSchema>;

export type FamilyMember = {
  family_member_id: number;
  member_name: string;
  mobile_number: string;
  email_id: string;
  service_id: number;
  service_name: string;
  created_at: string;
};

export const MEMBER_PATHS = {
  list: (clientId: number | string) => `/member/list/${clientId}`,
  create: '/member/create',
  remove: (memberId: number | string) => `/member/remove/${memberId}`,
} as const;
