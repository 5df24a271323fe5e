import type { SignedInUser } from '@portal/contract/auth';
import { PASSWORD_HINT, type PasswordChangeInput, passwordChangeSchema } from '@portal/contract/passwords';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { type PasswordField, PasswordFields } from '../../components/password-fields';
import { useContractForm } from '../../components/use-contract-form';
import { useChangePassword } from './account-api';

const FIELDS: PasswordField<PasswordChangeInput>[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password', hint: null },
  { name: 'password', label: 'New password', autoComplete: 'new-password', hint: PASSWORD_HINT },
  { name: 'password_confirmation', label: 'Confirm new password', autoComplete: 'new-password', hint: null },
];

const EMPTY: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

/** Change password (My Profile, and the first sign-in with a password someone else typed). */
export function ChangePasswordForm({ onChanged }: { onChanged?: (user: SignedInUser) => void }) {
  const change = useChangePassword();
  const { register, submit, feedback, reset, errors, isSubmitting } = useContractForm<PasswordChangeInput>({
    schema: passwordChangeSchema,
    defaultValues: EMPTY,
    listFieldErrors: false,
  });

  const onSubmit = submit(
    (input) => change.mutateAsync(input),
    (result) => {
      reset(EMPTY);
      onChanged?.(result.data.user);
    },
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {feedback.alerts}
      <PasswordFields idPrefix="change" fields={FIELDS} register={register} errors={errors} />
      <BusyButton type="submit" busy={isSubmitting} busyLabel="Saving">
        Change password
      </BusyButton>
    </Form>
  );
}
