import type { SignedInUser } from '@portal/contract/auth';
import { PASSWORD_HINT, type PasswordChangeInput, passwordChangeSchema } from '@portal/contract/passwords';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useChangePassword } from './account-api';

const FIELDS = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password', hint: null },
  { name: 'password', label: 'New password', autoComplete: 'new-password', hint: PASSWORD_HINT },
  { name: 'password_confirmation', label: 'Confirm new password', autoComplete: 'new-password', hint: null },
] as const;

const EMPTY: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

/** Change password (My Profile, and the first sign-in with a password someone else typed). */
export function ChangePasswordForm({ onChanged }: { onChanged?: (user: SignedInUser) => void }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    feedback,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm<PasswordChangeInput>({
    schema: passwordChangeSchema,
    defaultValues: EMPTY,
    listFieldErrors: false,
  });

  const onSubmit = handleSubmit(async (input) => {
    const result = await feedback.save(() => change.mutateAsync(input));
    if (!result) return;
    reset(EMPTY);
    onChanged?.(result.data.user);
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      {feedback.alerts}
      {FIELDS.map((field) => (
        <Form.Group className="mb-3" controlId={`change-${field.name}`} key={field.name}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            type="password"
            autoComplete={field.autoComplete}
            {...invalidAttributes(`change-${field.name}`, errors[field.name]?.message)}
            {...register(field.name)}
          />
          {field.hint && <Form.Text>{field.hint}</Form.Text>}
          <FieldError controlId={`change-${field.name}`} error={errors[field.name]?.message} />
        </Form.Group>
      ))}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
        Change password
      </Button>
    </Form>
  );
}
