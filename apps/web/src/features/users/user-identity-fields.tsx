import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { TextField } from './text-field';
import type { UserFormParts } from './user-form-parts';

type UserIdentityFieldsProps = UserFormParts & {
  /** A business client is named by its legal name; a last name is for people. */
  isBusiness: boolean;
  /** Edit forms show the username, which does not change. */
  username: string | null;
  /** Staff adding a user may leave the password empty: the user is mailed an invitation (issue 12). */
  passwordOptional: boolean;
};

const INVITE_HINT =
  'Leave empty to email an invitation to choose a password. A password you type here must be changed at the first sign-in.';

/** How to reach the user, which every role's form asks for. */
const CONTACT_FIELDS = [
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'off' },
  { name: 'mobile_number', label: 'Mobile number', type: 'tel', required: true },
  { name: 'alternate_mobile_number', label: 'Alternate mobile number', type: 'tel' },
] as const;

/** Who the user is and how to reach them: names, emails, mobile numbers, username, password. */
export function UserIdentityFields({
  form: { register },
  errorOf,
  shows,
  isBusiness,
  username,
  passwordOptional,
}: UserIdentityFieldsProps) {
  return (
    <>
      {shows('first_name') && (
        <TextField
          label={isBusiness ? 'Legal name' : 'First name'}
          registration={register('first_name')}
          error={errorOf('first_name')}
          required
        />
      )}
      {shows('last_name') && (
        <TextField
          label={isBusiness ? 'Last name (optional)' : 'Last name'}
          registration={register('last_name')}
          error={errorOf('last_name')}
          required={!isBusiness}
        />
      )}
      {CONTACT_FIELDS.filter(({ name }) => shows(name)).map(({ name, ...field }) => (
        <TextField key={name} {...field} registration={register(name)} error={errorOf(name)} />
      ))}
      {shows('alternate_email_id') && (
        <TextField
          label="Alternate email"
          type="email"
          registration={register('alternate_email_id')}
          error={errorOf('alternate_email_id')}
        />
      )}
      {username !== null && (
        <Col md={6}>
          <Form.Group controlId="field-username">
            <Form.Label>Username</Form.Label>
            <Form.Control value={username} readOnly plaintext className="border rounded px-2 bg-light" />
          </Form.Group>
        </Col>
      )}
      {shows('password') && (
        <TextField
          label="Password"
          type="password"
          registration={register('password')}
          error={errorOf('password')}
          required={!passwordOptional}
          autoComplete="new-password"
          {...(passwordOptional ? { hint: INVITE_HINT } : {})}
        />
      )}
    </>
  );
}
