import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_MESSAGES, type LoginInput, loginSchema } from '@portal/contract/auth';
import type { RoleName } from '@portal/contract/roles';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Eye, EyeSlash } from 'react-bootstrap-icons';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { LOGO_URL, PRODUCT_NAME } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { usePortalSettings } from '../../lib/portal-settings';
import { dashboardPathOf, saveSession, useSession } from '../../lib/session';
import { postLogin } from './auth-api';

/** The page someone asked for before signing in, if it lies in the area of the role now signed in. */
function returnPathFor(state: unknown, role: RoleName): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith(`/${role}/`) || from.startsWith(`/${role}/dashboard`)) return null;
  return from;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const settings = usePortalSettings();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // A signed-in, active visitor has nothing to do here.
  if (session && session.user.status === 'active')
    return <Navigate to={returnPathFor(location.state, session.role) ?? dashboardPathOf(session.role)} replace />;

  const onSubmit = handleSubmit(async (input) => {
    setError(null);
    try {
      const result = await postLogin(input);
      saveSession(result);
      const role = result.user.user_role.name;
      navigate(returnPathFor(location.state, role) ?? dashboardPathOf(role), { replace: true });
    } catch (failure) {
      const { status, message } = readApiError(failure);
      // A locked-out user must learn to wait, not retype a correct password.
      setError(status === 429 ? message : LOGIN_MESSAGES.failed);
    }
  });

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-light p-3">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <div className="text-center mb-4">
            <img src={LOGO_URL} alt={`${PRODUCT_NAME} logo`} width={72} height={72} />
            <h1 className="h4 mt-3 mb-0">{PRODUCT_NAME}</h1>
          </div>
          <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>Email/Username</Form.Label>
              <Form.Control
                type="text"
                autoComplete="username"
                autoFocus
                {...invalidAttributes('login-email', errors.email?.message)}
                {...register('email')}
              />
              <FieldError controlId="login-email" error={errors.email?.message} />
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  {...invalidAttributes('login-password', errors.password?.message)}
                  {...register('password')}
                />
                <Button
                  variant="outline-secondary"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                >
                  {showPassword ? <EyeSlash aria-hidden /> : <Eye aria-hidden />}
                </Button>
                <FieldError controlId="login-password" error={errors.password?.message} />
              </InputGroup>
            </Form.Group>
            <Button type="submit" className="w-100" disabled={isSubmitting}>
              {isSubmitting && (
                <Spinner animation="border" size="sm" className="me-2" role="status" aria-label="Signing in" />
              )}
              Login
            </Button>
          </Form>
          {settings.data?.registration_open && (
            <p className="text-center small mt-3 mb-0">
              New to {PRODUCT_NAME}? <Link to="/registration">Register your firm</Link>
            </p>
          )}
        </Card.Body>
      </Card>
    </main>
  );
}
