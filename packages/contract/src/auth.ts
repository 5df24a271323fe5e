import { z } from 'zod';
import { buildRequiredText } from './text-fields.js';
import { type SecondStepRequired, secondStepRequiredSchema } from './two-factor.js';
import { userSchema } from './users.js';

export const LOGIN_MESSAGES = {
  email: 'Please enter valid email id.',
  password: 'Please enter valid password.',
  failed: 'Invalid email or password.',
  throttled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
} as const;

export const AUTH_MESSAGES = {
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out successfully.',
  secondStep: 'Enter the code from your authenticator app.',
} as const;

/** Failure codes of a 401 the web tells apart (`ApiFailure.code`). */
export const AUTH_ERROR_CODES = {
  accountDisabled: 'ACCOUNT_DISABLED',
} as const;

/** What a disabled user's open session is told on its next call: who disabled it, and whom to ask. */
export function describeAccountDisabled(disabledBy: string | null): string {
  const by = disabledBy ? ` by ${disabledBy}` : '';
  return `Your account has been disabled${by}. Contact your firm if you need it back.`;
}

/** Sign-in form and `POST /api/login`: `email` also accepts a username. */
export const loginSchema = z.strictObject({
  email: buildRequiredText(LOGIN_MESSAGES.email, LOGIN_MESSAGES.email, 254),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, LOGIN_MESSAGES.password)
    .max(1024, LOGIN_MESSAGES.password),
});

export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The signed-in user as `/api/login`, `/api/login/2fa` and `/api/me` present it: what must happen
 * before anything else (a password typed by someone else changed, a required second factor set up).
 */
export const signedInUserSchema = userSchema.extend({
  password_change_required: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_setup_required: z.boolean(),
  /** A firm that signed itself up, waiting for the platform's approval (`REGISTRATION_APPROVAL`). */
  approval_pending: z.boolean(),
  /** The firm's billing is open to the user (its MPC, or staff the MPC lets bill): the Billing tab. */
  may_bill: z.boolean(),
  /** The firm's queue of clients' data requests is open to the user (its MPC, or a PC the MPC allows). */
  may_handle_rights: z.boolean(),
  /** The firm's current privacy notice waits for the user's acceptance (its PCs, executors, clients). */
  privacy_notice_required: z.boolean(),
  /** When the client withdrew its consent (it may then only read); null: not withdrawn. */
  consent_withdrawn_at: z.string().nullable(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const loginResultSchema = z.object({ token: z.string(), user: signedInUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** `POST /api/login`: signed in, or (with a second factor) a challenge for `POST /api/login/2fa`. */
export const loginAnswerSchema = z.union([loginResultSchema, secondStepRequiredSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export function needsSecondStep(answer: LoginAnswer): answer is SecondStepRequired {
  return 'two_factor_required' in answer && answer.two_factor_required === true;
}

export const AUTH_PATHS = {
  login: '/login',
  logout: '/logout',
  me: '/me',
  csrfCookie: '/sanctum/csrf-cookie',
} as const;

export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';
