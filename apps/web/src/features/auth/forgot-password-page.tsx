import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordForgotInput, passwordForgotSchema } from '@portal/contract/passwords';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { postForgotPassword } from './auth-api';
import { AuthCard } from './auth-card';

/** /forgot-password: an email or username; the answer is the same whether or not an account matches. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForgotInput>({ resolver: zodResolver(passwordForgotSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (input) => {
    setError(null);
    try {
      setAnswer((await postForgotPassword(input)).message);
    } catch (failure) {
      setError(readApiError(failure).message);
    }
  });

  return (
    <AuthCard heading="Forgot password">
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      {answer ? (
        <div role="status">
          <p>{answer}</p>
        </div>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <p className="small text-muted">
            Enter the email or username you sign in with. We will mail you a link to choose a new password.
          </p>
          <Form.Group className="mb-3" controlId="forgot-email">
            <Form.Label>Email/Username</Form.Label>
            <Form.Control
              type="text"
              autoComplete="username"
              autoFocus
              {...invalidAttributes('forgot-email', errors.email?.message)}
              {...register('email')}
            />
            <FieldError controlId="forgot-email" error={errors.email?.message} />
          </Form.Group>
          <Button type="submit" className="w-100" disabled={isSubmitting}>
            {isSubmitting && (
              <Spinner animation="border" size="sm" className="me-2" role="status" aria-label="Sending" />
            )}
            Send reset link
          </Button>
        </Form>
      )}
      <p className="text-center small mt-3 mb-0">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
