import type { ApiSuccess } from '@portal/contract/envelope';
import { type RegistrationData, type RegistrationInput, registrationSchema } from '@portal/contract/registration';
import { USER_PATHS } from '@portal/contract/users';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { useContractForm } from '../../components/use-contract-form';
import { apiClient } from '../../lib/api-client';
import { TextField } from './text-field';

const EMPTY: RegistrationInput = {
  first_name: '',
  last_name: '',
  email: '',
  mobile_number: '',
  firm_name: '',
  password: '',
  password_confirmation: '',
};

/** Sends the sign-up as the endpoint reads it (multipart, the same body the long form sent). */
async function postSignUp(values: RegistrationInput): Promise<ApiSuccess<null>> {
  const body = new FormData();
  for (const [field, value] of Object.entries(values)) body.set(field, value);
  const response = await apiClient.post<ApiSuccess<null>>(USER_PATHS.register, body, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  return response.data;
}

/**
 * The short public sign-up (issue 22): who signs up and for which firm. The rest of the profile is asked
 * once, at the first sign-in (the completion step).
 */
export function SignUpForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const { register, submit, feedback, errors, isSubmitting, getValues } = useContractForm<
    RegistrationInput,
    RegistrationData
  >({ schema: registrationSchema, defaultValues: EMPTY, showSuccess: false });
  // The typed values go as typed (with the confirmation), so the server checks what the form checked.
  const onSubmit = submit(
    () => postSignUp(getValues()),
    (result) => onRegistered(result.message),
  );
  const field = (name: keyof RegistrationInput) => ({ registration: register(name), error: errors[name]?.message });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Sign up">
      {feedback.alerts}
      <Row className="g-3">
        <TextField label="First name" {...field('first_name')} required autoComplete="given-name" />
        <TextField label="Last name" {...field('last_name')} required autoComplete="family-name" />
        <TextField label="Email" type="email" {...field('email')} required autoComplete="email" />
        <TextField label="Mobile number" type="tel" {...field('mobile_number')} required autoComplete="tel" />
        <TextField label="Firm name" {...field('firm_name')} required autoComplete="organization" md={12} />
        <TextField label="Password" type="password" {...field('password')} required autoComplete="new-password" />
        <TextField
          label="Confirm password"
          type="password"
          {...field('password_confirmation')}
          required
          autoComplete="new-password"
        />
      </Row>
      <p className="small text-muted mt-3 mb-0">
        At your first sign-in you will be asked for the rest of your practice's details: address, PAN or GSTIN,
        qualification and the services you offer.
      </p>
      <BusyButton type="submit" className="mt-3" busy={isSubmitting} busyLabel="Creating account">
        Create account
      </BusyButton>
    </Form>
  );
}
