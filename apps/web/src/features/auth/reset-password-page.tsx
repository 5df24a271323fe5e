import {
  INVITATION_LINK_MARKER,
  type NewPasswordInput,
  newPasswordSchema,
  PASSWORD_HINT,
  PASSWORD_MESSAGES,
} from '@portal/contract/passwords';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { MessageAlert } from '../../components/message-alert';
import { type PasswordField, PasswordFields } from '../../components/password-fields';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { postResetPassword } from './auth-api';
import { AuthCard } from './auth-card';

/**
 * /reset-password?token=...: the page a mailed reset or invitation link opens. An invitation (marked in
 * its link) sets a first password, so it is not called a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const invited = params.get(INVITATION_LINK_MARKER) === '1';
  const heading = invited ? 'Set your password' : 'Choose a new password';
  useDocumentTitle(heading);
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { register, submit, feedback, errors, isSubmitting } = useContractForm<NewPasswordInput>({
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

  const fields: PasswordField<NewPasswordInput>[] = [
    {
      name: 'password',
      label: invited ? 'Password' : 'New password',
      autoComplete: 'new-password',
      hint: PASSWORD_HINT,
    },
    {
      name: 'password_confirmation',
      label: invited ? 'Confirm password' : 'Confirm new password',
      autoComplete: 'new-password',
      hint: null,
    },
  ];

  return (
    <AuthCard heading={heading}>
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
          <PasswordFields idPrefix="reset" fields={fields} register={register} errors={errors} />
          <BusyButton
            type="submit"
            className="w-100"
            disabled={!token}
            busy={isSubmitting}
            busyLabel="Saving"
            spinnerRole="status"
          >
            Set password
          </BusyButton>
        </Form>
      )}
      {/* Once the password is set the link has done its work: the way on is "Sign in" above. */}
      {!done && (
        <p className="text-center small mt-3 mb-0">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      )}
    </AuthCard>
  );
}
