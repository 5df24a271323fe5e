import { z } from 'zod';
import { buildRequiredText } from './text-fields.js';
import { checkPassword } from './user-form.js';
import { USER_MESSAGES } from './user-messages.js';

/** Texts of the password screens: change in My Profile, forgot, reset (issue 12). */
export const PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  currentWrong: 'The current password is not correct.',
  confirmationDiffers: 'The passwords do not match.',
  sameAsCurrent: 'Choose a password different from the current one.',
  changed: 'Password changed successfully. Other sessions were signed out.',
  identifierRequired: 'Please enter your email or username.',
  // Always the same answer, whether or not an account matches (docs/decisions/0017).
  forgotAnswer:
    'If an account matches what you entered, a link to reset its password has been sent to its email address. The link works once, within 30 minutes.',
  forgotThrottled: 'Too many reset requests. Please wait a while and try again.',
  tokenInvalid: 'This link is invalid, expired or already used. Ask for a new one.',
  resetDone: 'Your password has been set. You can now sign in.',
  resetThrottled: 'Too many attempts. Please wait a while and try again.',
  changeRequired: 'Please change your password before you continue.',
  resetSent: 'A link to set a new password has been sent to the user.',
  invitationsThrottled:
    'Your firm has sent as many invitations and password links as it may in one day; nothing was created or sent. Please try again tomorrow, or ask the platform administrator to raise the limit.',
} as const;

/** One new password and its confirmation, with the spec's six rules (section 5). */
const newPasswordFields = {
  password: z
    .string({ error: USER_MESSAGES.passwordRequired })
    .max(1024, USER_MESSAGES.passwordMax)
    .superRefine((value, context) => {
      for (const problem of checkPassword(value)) context.addIssue({ code: 'custom', message: problem });
    }),
  password_confirmation: z.string({ error: PASSWORD_MESSAGES.confirmationDiffers }).max(1024),
};

function confirmationMatches(value: { password: string; password_confirmation: string }, context: z.RefinementCtx) {
  if (value.password !== value.password_confirmation)
    context.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: PASSWORD_MESSAGES.confirmationDiffers,
    });
}

/** `PUT /api/user/password` and the Change password form of My Profile. */
export const passwordChangeSchema = z
  .strictObject({
    current_password: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(1024, PASSWORD_MESSAGES.currentRequired),
    ...newPasswordFields,
  })
  .superRefine(confirmationMatches);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** `POST /api/password/forgot`: `email` also accepts a username, as on the sign-in form. */
export const passwordForgotSchema = z.strictObject({
  email: buildRequiredText(PASSWORD_MESSAGES.identifierRequired, PASSWORD_MESSAGES.identifierRequired, 254),
});
export type PasswordForgotInput = z.input<typeof passwordForgotSchema>;

/** `POST /api/password/reset`: the token from the mailed link and the new password. */
export const passwordResetSchema = z
  .strictObject({
    token: z.string({ error: PASSWORD_MESSAGES.tokenInvalid }).min(1, PASSWORD_MESSAGES.tokenInvalid).max(200),
    ...newPasswordFields,
  })
  .superRefine(confirmationMatches);

/** The new-password part alone, for the reset form (its token comes from the address). */
export const newPasswordSchema = z.strictObject(newPasswordFields).superRefine(confirmationMatches);
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

export const PASSWORD_PATHS = {
  change: '/user/password',
  forgot: '/password/forgot',
  reset: '/password/reset',
  sendReset: (id: number | string) => `/user/${id}/send-reset`,
} as const;

/** The web page a mailed reset or invitation link opens: `/reset-password?token=...`. */
export const RESET_PASSWORD_PAGE = '/reset-password';
/** The query parameter that marks a password link as an invitation (a first password, not a new one). */
export const INVITATION_LINK_MARKER = 'invitation';

/** Lifetimes of the links the portal mails (docs/decisions/0017). */
export const RESET_LINK_MINUTES = 30;
export const INVITATION_LINK_DAYS = 7;

/** The spec's password rules, said once under every new-password field. */
export const PASSWORD_HINT =
  'At least 8 characters, with a lowercase and an uppercase letter, a number and one of @$!%*?&';
