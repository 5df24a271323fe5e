import type { LoginResult } from '@portal/contract/auth';
import type { RoleName } from '@portal/contract/roles';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import Eye from 'react-bootstrap-icons/dist/icons/eye';
import EyeSlash from 'react-bootstrap-icons/dist/icons/eye-slash';
import { PRODUCT_NAME } from '../../config/product';
import { useDocumentTitle } from '../../lib/document-title';
import { AuthCard } from './auth-card';
import { DangerAlert, FieldError, invalidProps } from './plain-field';
import { SecondStepForm } from './second-step-form';
import type { SignInErrors, SignInValues } from './sign-in-actions';

/*
 * The sign-in page is the first thing most visits load, so it is drawn with React and Bootstrap's classes
 * alone: no router, form library, component library, zod or axios (docs/performance.md, "The first page").
 * The same markup react-bootstrap would render, so it looks and reads as before.
 */

type SignInActions = typeof import('./sign-in-actions');
let actionsLoad: Promise<SignInActions> | undefined;

/** The checks and the API call, fetched as soon as the page shows; a failed fetch is tried again. */
function loadSignInActions(): Promise<SignInActions> {
  actionsLoad ??= import('./sign-in-actions').catch((error: unknown) => {
    actionsLoad = undefined;
    throw error;
  });
  return actionsLoad;
}

/** The page someone asked for before signing in, if it lies in the area of the role now signed in. */
export function returnPathFor(state: unknown, role: RoleName): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith(`/${role}/`) || from.startsWith(`/${role}/dashboard`)) return null;
  return from;
}

type SignInPageProps = {
  /** Why the server ended the last session (a disabled account), shown until the next attempt. */
  notice?: string | null;
  /** Told when Login is pressed, before any check: what comes after signing in can start loading. */
  onAttempt?: () => void;
  /** Leaves the page once the session is stored; the button keeps spinning until this settles. */
  onSignedIn: (result: LoginResult) => Promise<void> | void;
  /** "Forgot password?" and "Register your firm", made by whoever shows the page (the router, or the first-page shell). */
  renderLink: (path: '/forgot-password' | '/registration', label: string) => ReactNode;
};

export function SignInPage({ notice = null, onAttempt, onSignedIn, renderLink }: SignInPageProps) {
  useDocumentTitle('Sign in');
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(notice);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  // Set when the password was right and the account asks for a code next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const actions = useRef<SignInActions | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let shown = true;
    loadSignInActions()
      .then(async (loaded) => {
        actions.current = loaded;
        const open = await loaded.readRegistrationOpen();
        if (shown) setRegistrationOpen(open);
      })
      // Without the settings the page still signs in; it only leaves out the registration link.
      .catch(() => {});
    return () => {
      shown = false;
    };
  }, []);

  // After the first attempt a field is checked again as it changes, so its message goes when it is right.
  const change = (field: keyof SignInValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked && actions.current) {
      const fieldError = actions.current.validateSignIn(next).errors[field];
      setErrors((current) => ({ ...current, [field]: fieldError }));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    onAttempt?.();
    setSubmitting(true);
    setError(null);
    try {
      const loaded = await loadSignInActions();
      actions.current = loaded;
      setChecked(true);
      const { input, errors: found } = loaded.validateSignIn(values);
      setErrors(found);
      if (!input) {
        (found.email ? emailInput : passwordInput).current?.focus();
        return;
      }
      const outcome = await loaded.submitSignIn(input);
      if ('error' in outcome) setError(outcome.error);
      else if ('challenge' in outcome) setChallenge(outcome.challenge);
      else await onSignedIn(outcome.result);
    } catch {
      setError('The portal could not be reached. Check the connection and try again.');
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge && actions.current)
    return (
      <AuthCard heading="Two-factor sign-in">
        <SecondStepForm
          challenge={challenge}
          submit={actions.current.submitSecondStep}
          text={actions.current.SECOND_STEP_TEXT}
          onSignedIn={onSignedIn}
          onRestart={(message) => {
            setChallenge(null);
            setError(message);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard>
      <DangerAlert message={error} onClose={() => setError(null)} />
      <form noValidate onSubmit={submit}>
        <div className="mb-3">
          <label className="form-label" htmlFor="login-email">
            Email/Username
          </label>
          <input
            ref={emailInput}
            type="text"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the page's one task; the form had it before.
            autoFocus
            name="email"
            value={values.email}
            onChange={change('email')}
            {...invalidProps('login-email', errors.email)}
          />
          <FieldError controlId="login-email" error={errors.email} />
        </div>
        <div className="mb-4">
          <label className="form-label" htmlFor="login-password">
            Password
          </label>
          <div className="input-group has-validation">
            <input
              ref={passwordInput}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              name="password"
              value={values.password}
              onChange={change('password')}
              {...invalidProps('login-password', errors.password)}
            />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeSlash aria-hidden /> : <Eye aria-hidden />}
            </button>
            <FieldError controlId="login-password" error={errors.password} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
          {submitting && (
            <span className="spinner-border spinner-border-sm me-2" role="status" aria-label="Signing in" />
          )}
          Login
        </button>
      </form>
      <p className="text-center small mt-3 mb-0">{renderLink('/forgot-password', 'Forgot password?')}</p>
      {registrationOpen && (
        <p className="text-center small mt-3 mb-0">
          New to {PRODUCT_NAME}? {renderLink('/registration', 'Register your firm')}
        </p>
      )}
    </AuthCard>
  );
}
