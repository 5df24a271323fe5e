import { type PasswordForgotInput, passwordForgotSchema } from '@portal/contract/passwords';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { postForgotPassword } from './auth-api';
import { AuthCard } from './auth-card';

/** /forgot-password: an email or username; the answer is the same whether or not an account matches. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [answer, setAnswer] = useState<string | null>(null);
  const { register, submit, feedback, errors, isSubmitting } = useContractForm<PasswordForgotInput>({
    schema: passwordForgotSchema,
    defaultValues: { email: '' },
    listFieldErrors: false,
    // The answer takes the form's place.
    showSuccess: false,
  });
  const onSubmit = submit(postForgotPassword, (result) => setAnswer(result.message));

  return (
    <AuthCard heading="Forgot password">
      {feedback.alerts}
      {answer ? (
        <div role="status">
          <p>{answer}</p>
        </div>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <p className="small text-muted">
            Enter the email or username you sign in with. We will mail you a link to choose a new password.
          </p>
          <LabelledField className="mb-3" controlId="forgot-email" label="Email/Username" error={errors.email?.message}>
            <Form.Control type="text" autoComplete="username" autoFocus {...register('email')} />
          </LabelledField>
          <BusyButton type="submit" className="w-100" busy={isSubmitting} busyLabel="Sending" spinnerRole="status">
            Send reset link
          </BusyButton>
        </Form>
      )}
      <p className="text-center small mt-3 mb-0">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
