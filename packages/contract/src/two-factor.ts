import { z } from 'zod';
import { buildRequiredText } from './text-fields.js';

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeInvalid: 'The code is not correct. Check your authenticator app and try again.',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  setupMissing: 'Start the setup again: no two-factor setup is waiting for a code.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  requiredForRole: 'Two-factor sign-in is required for your role and cannot be turned off.',
  challengeInvalid: 'The sign-in step has expired. Please sign in again.',
  secondStep: 'Enter the code from your authenticator app.',
  throttled: 'Too many wrong codes. Please wait a few minutes and try again.',
  setupRequired: 'Please set up two-factor sign-in before you continue.',
  reset: 'Two-factor sign-in was reset for this user.',
  passwordRequired: 'Please enter your password.',
  passwordWrong: 'The password is not correct.',
} as const;

/** A code from the app (6 digits, spaces allowed) or a recovery code (`xxxxx-xxxxx`). */
const codeField = buildRequiredText(TWO_FACTOR_MESSAGES.codeRequired, TWO_FACTOR_MESSAGES.codeInvalid, 32);

const currentPasswordField = z
  .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
  .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
  .max(1024, TWO_FACTOR_MESSAGES.passwordRequired);

/**
 * `POST /api/2fa/enable`: the first code proves the app holds the secret, and the password proves the
 * owner is there: a borrowed session alone could otherwise lock the owner out behind someone else's app.
 */
export const twoFactorEnableSchema = z.strictObject({ code: codeField, current_password: currentPasswordField });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** `POST /api/2fa/disable`: the password again, so a borrowed session alone cannot turn it off. */
export const twoFactorDisableSchema = z.strictObject({ current_password: currentPasswordField });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** `POST /api/login/2fa`: the challenge `POST /api/login` answered, and a code or a recovery code. */
export const twoFactorLoginSchema = z.strictObject({
  challenge: z.string({ error: TWO_FACTOR_MESSAGES.challengeInvalid }).min(1).max(200),
  code: codeField,
});

/** `POST /api/2fa/setup`: what the app needs; the secret is also shown for typing in by hand. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /api/2fa/enable`: the ten recovery codes, shown this once. */
export const twoFactorEnabledSchema = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** `POST /api/login` when the account has a second factor: no token yet, a short-lived challenge. */
export const secondStepRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_at: z.string(),
});
export type SecondStepRequired = z.infer<typeof secondStepRequiredSchema>;

export const TWO_FACTOR_PATHS = {
  setup: '/2fa/setup',
  enable: '/2fa/enable',
  disable: '/2fa/disable',
  login: '/login/2fa',
  resetOf: (id: number | string) => `/user/${id}/reset-2fa`,
} as const;

export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_MINUTES = 5;
