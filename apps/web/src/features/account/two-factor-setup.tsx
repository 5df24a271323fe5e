import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, twoFactorEnableSchema } from '@portal/contract/two-factor';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { postTwoFactorEnable, postTwoFactorSetup, refreshSessionUser } from './account-api';

/** The SVG the server drew, as an image: no markup of the answer enters the page. */
const qrImageOf = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/**
 * Turning two-factor sign-in on: the QR code and the secret, a first code to confirm, then the ten
 * recovery codes, shown this once. `onDone` runs when the user has seen them.
 */
export function TwoFactorSetupFlow({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ code?: string; current_password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setFieldErrors({});
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      const problem = readApiError(failure);
      const code = problem.errors.code?.[0];
      const currentPassword = problem.errors.current_password?.[0];
      if (code || currentPassword) setFieldErrors({ code, current_password: currentPassword });
      else setError(problem.message);
    } finally {
      setBusy(false);
    }
  };

  if (codes)
    return (
      <div>
        <MessageAlert variant="success" messages={TWO_FACTOR_MESSAGES.enabled} />
        <p>
          Each recovery code signs you in once if you lose your phone. They are shown only now: print them or keep them
          in a password manager.
        </p>
        <ul className="recovery-codes list-unstyled font-monospace" aria-label="Recovery codes">
          {codes.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
        <Button
          onClick={() =>
            void run(async () => {
              await refreshSessionUser();
              onDone();
            })
          }
          disabled={busy}
        >
          I have saved my recovery codes
        </Button>
      </div>
    );

  if (!setup)
    return (
      <div>
        <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
        <Button onClick={() => void run(async () => setSetup(await postTwoFactorSetup()))} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-label="Working" />}
          Set up two-factor sign-in
        </Button>
      </div>
    );

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorEnableSchema.safeParse({ code, current_password: password });
    if (!parsed.success) {
      const first = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setFieldErrors({ code: first('code'), current_password: first('current_password') });
      return;
    }
    void run(async () => setCodes((await postTwoFactorEnable(parsed.data)).recovery_codes));
  };

  return (
    <Form noValidate onSubmit={confirm}>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <p>{TWO_FACTOR_MESSAGES.setupStarted}</p>
      <img
        src={qrImageOf(setup.qr_svg)}
        alt="QR code for your authenticator app"
        className="two-factor-qr border rounded"
      />
      <p className="mt-2 mb-3">
        Or type this key into the app: <code className="two-factor-secret">{setup.secret}</code>
      </p>
      <Form.Group className="mb-3" controlId="two-factor-code">
        <Form.Label>Code from the app</Form.Label>
        <Form.Control
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...invalidAttributes('two-factor-code', fieldErrors.code)}
        />
        <FieldError controlId="two-factor-code" error={fieldErrors.code} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="two-factor-password">
        <Form.Label>Your password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...invalidAttributes('two-factor-password', fieldErrors.current_password)}
        />
        <FieldError controlId="two-factor-password" error={fieldErrors.current_password} />
      </Form.Group>
      <Button type="submit" disabled={busy}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-label="Working" />}
        Turn on
      </Button>
    </Form>
  );
}
