import { type NewPasswordInput, newPasswordSchema, PASSWORD_HINT, PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { postResetPassword } from './auth-api';
import { AuthCard } from './auth-card';

/** /reset-password?token=...: the page a mailed reset or invitation link opens. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    submit,
    feedback,
    formState: { errors, isSubmitting },
  } = useContractForm<NewPasswordInput>({
    schema: newPasswordSchema,
    defaultValues: { password: '', password_confirmation: '' },
    listFieldErrors: false,
    // The answer takes the form's place, with the way to sign in.
    showSuccess: false,
  });
  const onSubmit = submit(
    (input) => postResetPassword(token, input),
    (result) => setDone(result.message),
  );

  const fields = [
    { name: 'password' as const, label: 'New password', hint: PASSWORD_HINT },
    { name: 'password_confirmation' as const, label: 'Confirm new password', hint: null },
  ];

  return (
    <AuthCard heading="Choose a new password">
      {!token && <MessageAlert variant="danger" messages={PASSWORD_MESSAGES.tokenInvalid} />}
      {feedback.alerts}
      {done ? (
        <div role="status">
          <p>{done}</p>
          <Link className="btn btn-primary w-100" to="/login">
            Sign in
          </Link>
        </div>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          {fields.map((field) => (
            <Form.Group className="mb-3" controlId={`reset-${field.name}`} key={field.name}>
              <Form.Label>{field.label}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                {...invalidAttributes(`reset-${field.name}`, errors[field.name]?.message)}
                {...register(field.name)}
              />
              {field.hint && <Form.Text>{field.hint}</Form.Text>}
              <FieldError controlId={`reset-${field.name}`} error={errors[field.name]?.message} />
            </Form.Group>
          ))}
          <Button type="submit" className="w-100" disabled={isSubmitting || !token}>
            {isSubmitting && (
              <Spinner animation="border" size="sm" className="me-2" role="status" aria-label="Saving" />
            )}
            Set password
          </Button>
        </Form>
      )}
      <p className="text-center small mt-3 mb-0">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </AuthCard>
  );
}
