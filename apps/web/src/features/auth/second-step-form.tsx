import type { LoginResult } from '@portal/contract/auth';
import { type FormEvent, useState } from 'react';
import { DangerAlert, FieldError, invalidProps } from './plain-field';
import type { SecondStepText, submitSecondStep } from './sign-in-actions';

type SecondStepFormProps = {
  challenge: string;
  /** From the sign-in actions, already loaded: a challenge only comes back through them. */
  submit: typeof submitSecondStep;
  text: SecondStepText;
  onSignedIn: (result: LoginResult) => Promise<void> | void;
  /** The challenge expired or was used: back to the password. */
  onRestart: (message: string) => void;
};

/**
 * After a right password, when the account has a second factor: the app's code or a recovery code. Part of
 * the sign-in page, so it is drawn with Bootstrap's classes alone like the rest of it (sign-in-page.tsx).
 */
export function SecondStepForm({ challenge, submit, text, onSignedIn, onRestart }: SecondStepFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setFieldError(undefined);
    setBusy(true);
    try {
      const outcome = await submit(challenge, code);
      if ('result' in outcome) await onSignedIn(outcome.result);
      else if ('restart' in outcome) onRestart(outcome.restart);
      else if ('fieldError' in outcome) setFieldError(outcome.fieldError);
      else setError(outcome.error);
    } catch {
      setError('The portal could not be reached. Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <DangerAlert message={error} onClose={() => setError(null)} />
      <p>{text.intro}</p>
      <div className="mb-3">
        <label className="form-label" htmlFor="login-code">
          Authentication code
        </label>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          // biome-ignore lint/a11y/noAutofocus: the step's one field, shown right after the password was accepted.
          autoFocus
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...invalidProps('login-code', fieldError)}
        />
        <div className="form-text">{text.recoveryHint}</div>
        <FieldError controlId="login-code" error={fieldError} />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" role="status" aria-label="Verifying" />}
        Verify
      </button>
    </form>
  );
}
