import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileUpdateInput, profileUpdateSchema } from '@portal/contract/users';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useFormFeedback } from '../../components/form-feedback';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useDocumentTitle } from '../../lib/document-title';
import type { Session } from '../../lib/session';
import { useUpdateProfile } from './profile-api';

const FIELDS: { name: keyof ProfileUpdateInput; label: string; type: string }[] = [
  { name: 'first_name', label: 'First name', type: 'text' },
  { name: 'last_name', label: 'Last name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'mobile_number', label: 'Mobile number', type: 'tel' },
  { name: 'username', label: 'Username', type: 'text' },
];

/** profile/edit: the five own-profile fields, all required (spec section 5). */
export function ProfileEditPage({ session, backPath }: { session: Session; backPath: string }) {
  useDocumentTitle('Edit Profile');
  const update = useUpdateProfile();
  const { user } = session;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema) as Resolver<ProfileUpdateInput>,
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      mobile_number: user.mobile_number ?? '',
      username: user.username,
    },
  });

  const guard = useUnsavedChangesGuard(isDirty);

  const feedback = useFormFeedback(setError);

  const onSubmit = handleSubmit(async (input) => {
    // Saved: what is in the form is now what is stored.
    if (await feedback.save(() => update.mutateAsync(input))) reset(input);
  });

  return (
    <Card>
      <Card.Header className="bg-white">
        <h1 className="h5 mb-0">Edit Profile</h1>
      </Card.Header>
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit}>
          <Row className="g-3">
            {FIELDS.map((field) => (
              <Col md={6} key={field.name}>
                <Form.Group controlId={`profile-${field.name}`}>
                  <Form.Label>
                    {field.label}
                    <span className="text-danger" aria-hidden>
                      {' '}
                      *
                    </span>
                  </Form.Label>
                  <Form.Control
                    type={field.type}
                    {...invalidAttributes(`profile-${field.name}`, errors[field.name]?.message)}
                    {...register(field.name)}
                  />
                  <FieldError controlId={`profile-${field.name}`} error={errors[field.name]?.message} />
                </Form.Group>
              </Col>
            ))}
          </Row>
          <div className="mt-4 d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
              Save
            </Button>
            <Link className="btn btn-outline-secondary" to={`/${session.role}/${backPath}`}>
              Cancel
            </Link>
          </div>
        </Form>
        {guard.prompt}
      </Card.Body>
    </Card>
  );
}
