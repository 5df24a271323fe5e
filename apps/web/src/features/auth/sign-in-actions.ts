import { LOGIN_MESSAGES, type LoginInput, type LoginResult, loginSchema, needsSecondStep } from '@portal/contract/auth';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { readApiError } from '../../lib/api-error';
import { fetchPortalSettings } from '../../lib/portal-settings';
import { saveSession } from '../../lib/session';
import { postLogin, postSecondStep } from './auth-api';

/*
 * What the sign-in page does beyond drawing itself. zod (the shared schema) and axios (the one API client)
 * weigh more than React itself, so this module arrives after the page shows (sign-in-page.tsx).
 */

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** The form's check, by the schema the server validates with: the first message of each field. */
export function validateSignIn(values: SignInValues): { input: LoginInput | null; errors: SignInErrors } {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { input: null, errors };
}

/**
 * Signs in and stores the session; a refusal becomes the one message the page shows. An account with a
 * second factor answers a challenge instead, for the code form (second-step-form.tsx).
 */
export async function submitSignIn(
  input: LoginInput,
): Promise<{ result: LoginResult } | { challenge: string } | { error: string }> {
  try {
    const answer = await postLogin(input);
    if (needsSecondStep(answer)) return { challenge: answer.challenge };
    saveSession(answer);
    return { result: answer };
  } catch (failure) {
    const { status, message } = readApiError(failure);
    // A locked-out user must learn to wait, not retype a correct password.
    return { error: status === 429 ? message : LOGIN_MESSAGES.failed };
  }
}

/** The code form's words, from the contract (which the first script leaves out with zod). */
export const SECOND_STEP_TEXT = {
  intro: TWO_FACTOR_MESSAGES.secondStep,
  recoveryHint: 'Lost your phone? Enter one of your recovery codes instead.',
};
export type SecondStepText = typeof SECOND_STEP_TEXT;

/** The second step: the app's code (or a recovery code) for the challenge; signed in, the session is stored. */
export async function submitSecondStep(
  challenge: string,
  code: string,
): Promise<{ result: LoginResult } | { restart: string } | { fieldError: string } | { error: string }> {
  if (!code.trim()) return { fieldError: TWO_FACTOR_MESSAGES.codeRequired };
  try {
    const result = await postSecondStep(challenge, code.trim());
    saveSession(result);
    return { result };
  } catch (failure) {
    const { status, message, errors } = readApiError(failure);
    // The challenge expired or was used up: the password again.
    if (status === 401) return { restart: message };
    const codeError = errors.code?.[0];
    return codeError ? { fieldError: codeError } : { error: message };
  }
}

export async function readRegistrationOpen(): Promise<boolean> {
  return (await fetchPortalSettings()).registration_open;
}
