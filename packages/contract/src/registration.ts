import { z } from 'zod';
import { buildUserFormSchema, checkPassword, type UserFormData, userFieldSchemas } from './user-form.js';
import { USER_MESSAGES } from './user-messages.js';

/**
 * The public sign-up (`POST /api/register`, issue 22): who signs up and for which firm, nothing more.
 * The rest of the MPC's profile (address, tax ids, qualification, services) is asked once, at the first
 * sign-in's completion step (`buildUserFormSchema` with `completing`).
 */
export const REGISTRATION_MESSAGES = {
  firmNameRequired: 'Firm name is required',
  firmNameTooLong: 'Keep the firm name under 150 characters.',
  confirmationMismatch: 'The passwords do not match',
} as const;

/** The fields of the sign-up form, in the order it shows them. */
export const SIGN_UP_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile_number',
  'firm_name',
  'password',
  'password_confirmation',
] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

const signUpObject = z.strictObject({
  first_name: userFieldSchemas.first_name,
  last_name: userFieldSchemas.last_name,
  email: userFieldSchemas.email,
  mobile_number: userFieldSchemas.mobile_number,
  // Required of the short body; the older, long one (the MPC form's fields) had none (see below).
  firm_name: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(150, REGISTRATION_MESSAGES.firmNameTooLong).optional(),
  ),
  password: z.string().optional(),
  // Absent in the older, long body (the MPC form's fields), which the endpoint still takes.
  password_confirmation: z.string().optional(),
});

/** The MPC's profile fields an older client may still send with the sign-up: checked as the profile form checks them. */
const profileSchema = buildUserFormSchema({ role: 'mpc', mode: 'edit', requireTaxId: false });

const SIGN_UP_KEYS = new Set<string>(SIGN_UP_FIELDS);
// Stand-ins for the base fields, which the sign-up's own object judges, so the profile schema passes on them.
const BASE_STAND_INS = { first_name: 'x', last_name: 'x', email: 'x@example.in', mobile_number: '9876543210' };

export type RegistrationInput = Record<SignUpField, string>;
export type RegistrationData = UserFormData & { firm_name?: string | undefined; password: string };

/**
 * The one schema of the sign-up, for the form and the server: the short fields required, any profile
 * field of the MPC form optional (the long body is a superset of the short one, without the firm's name).
 */
export const registrationSchema = z.record(z.string(), z.unknown()).transform((input, context): RegistrationData => {
  const own: Record<string, unknown> = {};
  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) (SIGN_UP_KEYS.has(key) ? own : profile)[key] = value;
  const signUp = signUpObject.safeParse(own);
  // A body with any profile field is the older, long sign-up (design: "same fields as the MPC form").
  const long = Object.keys(profile).length > 0;
  if (!long && (typeof own.firm_name !== 'string' || own.firm_name.trim() === '')) {
    context.addIssue({ code: 'custom', path: ['firm_name'], message: REGISTRATION_MESSAGES.firmNameRequired });
  }
  // The base fields are the sign-up's to judge; the profile schema only speaks of the rest.
  const rest = profileSchema.safeParse({ ...profile, ...BASE_STAND_INS });
  if (!signUp.success) for (const issue of signUp.error.issues) context.addIssue(issue as z.core.$ZodRawIssue);
  if (!rest.success) for (const issue of rest.error.issues) context.addIssue(issue as z.core.$ZodRawIssue);
  // The field's own schema lets a blank through (a business client has none); a firm's owner is a person.
  const lastName = typeof own.last_name === 'string' ? own.last_name.trim() : '';
  if (!lastName) context.addIssue({ code: 'custom', path: ['last_name'], message: USER_MESSAGES.lastNameRequired });
  const password = typeof own.password === 'string' ? own.password : undefined;
  for (const problem of checkPassword(password))
    context.addIssue({ code: 'custom', path: ['password'], message: problem });
  const confirmation = own.password_confirmation;
  if (confirmation !== undefined && confirmation !== password) {
    context.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: REGISTRATION_MESSAGES.confirmationMismatch,
    });
  }
  if (!signUp.success || !lastName || !rest.success || !password || (!long && !signUp.data.firm_name)) return z.NEVER;
  const { password_confirmation: _confirmation, ...fields } = signUp.data;
  return {
    ...rest.data,
    ...fields,
    password,
  };
});
