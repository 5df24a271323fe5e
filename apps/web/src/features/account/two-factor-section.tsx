import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import { postTwoFactorDisable, refreshSessionUser } from './account-api';
import { TwoFactorSetupFlow } from './two-factor-setup';

/** My Profile's two-factor part: set it up, or (unless the role requires it) turn it off with the password. */
export function TwoFactorSection() {
  const session = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [flowKey, setFlowKey] = useState(0);
  if (!session) return null;

  if (!session.user.two_factor_enabled)
    return (
      <div>
        <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
        <p className="text-muted">Off. With it on, signing in also asks for a code from an app on your phone.</p>
        <TwoFactorSetupFlow key={flowKey} onDone={() => setFlowKey((key) => key + 1)} />
      </div>
    );

  const turnOff = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await postTwoFactorDisable(password);
      setPassword('');
      await refreshSessionUser();
      setNotice(result.message);
    } catch (failure) {
      const problem = readApiError(failure);
      setError(problem.errors.current_password?.[0] ?? problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p>
        <strong>On.</strong> Signing in asks for a code from your authenticator app.
      </p>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <Form noValidate onSubmit={turnOff} className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="two-factor-off-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form.Group>
        <Button type="submit" variant="outline-danger" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-label="Working" />}
          Turn off two-factor sign-in
        </Button>
      </Form>
    </div>
  );
}
