/**
 * The audit actions of accounts and sign-in (issue 12), written by the API and read by the Activity
 * screens. `details` never holds a password, token, code or link.
 */
export const AUTH_AUDIT_ACTIONS = {
  /** A completed sign-in (after the second step when there is one). */
  signIn: 'auth.sign_in',
  /** A wrong password, unknown name, disabled account, wrong code or expired challenge. */
  signInFailed: 'auth.sign_in_failed',
  /** A session ended: sign-out, sign-out of another session or everywhere (`details.reason`, `details.count`). */
  sessionEnded: 'auth.session_ended',
  passwordChanged: 'auth.password_changed',
  /** A reset link was asked for (forgot password, by the user) or sent (by someone in charge, or an invitation). */
  passwordResetRequested: 'auth.password_reset_requested',
  /** A password set through a reset or invitation link. */
  passwordReset: 'auth.password_reset',
  twoFactorEnabled: 'auth.2fa_enabled',
  twoFactorDisabled: 'auth.2fa_disabled',
  /** Someone in charge removed a user's second factor. */
  twoFactorReset: 'auth.2fa_reset',
  /** A recovery code was used to sign in (one fewer is left). */
  recoveryCodeUsed: 'auth.recovery_code_used',
} as const;

export type AuthAuditAction = (typeof AUTH_AUDIT_ACTIONS)[keyof typeof AUTH_AUDIT_ACTIONS];

export const AUTH_AUDIT_ACTION_LIST: readonly AuthAuditAction[] = Object.values(AUTH_AUDIT_ACTIONS);

/** What the Activity screens call each action. */
export const AUTH_AUDIT_LABELS: Record<AuthAuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.session_ended': 'Signed out',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_requested': 'Password reset link sent',
  'auth.password_reset': 'Password reset',
  'auth.2fa_enabled': 'Two-factor sign-in turned on',
  'auth.2fa_disabled': 'Two-factor sign-in turned off',
  'auth.2fa_reset': 'Two-factor sign-in reset',
  'auth.recovery_code_used': 'Recovery code used',
};
