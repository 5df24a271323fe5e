import { needsLastName } from '@portal/contract/common';
import { buildProfileUpdateSchema, type ProfileUpdateInput } from '@portal/contract/users';
import { useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { LabelledField } from '../../components/labelled-field';
import { RequiredMark } from '../../components/required-mark';
import { SaveOrCancel } from '../../components/save-or-cancel';
import { TitledCard } from '../../components/titled-card';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import type { Session } from '../../lib/session';
import { useUpdateProfile } from './profile-api';

type ProfileField = { name: keyof ProfileUpdateInput; label: string; type: string; required: boolean };

/** The five fields; a business client is named by its legal name, and a last name is for people. */
function profileFieldsFor(isPerson: boolean): ProfileField[] {
  return [
    { name: 'first_name', label: isPerson ? 'First name' : 'Legal name', type: 'text', required: true },
    { name: 'last_name', label: isPerson ? 'Last name' : 'Last name (optional)', type: 'text', required: isPerson },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'mobile_number', label: 'Mobile number', type: 'tel', required: true },
    { name: 'username', label: 'Username', type: 'text', required: true },
  ];
}

/** profile/edit: the five own-profile fields, all required but a business client's last name. */
export function ProfileEditPage({ session, backPath }: { session: Session; backPath: string }) {
  useDocumentTitle('Edit Profile');
  const update = useUpdateProfile();
  const { user } = session;
  const isPerson = needsLastName(session.role, user.client_status_id);
  const fields = profileFieldsFor(isPerson);
  const schema = useMemo(() => buildProfileUpdateSchema({ lastNameRequired: isPerson }), [isPerson]);
  const {
    register,
    handleSubmit,
    feedback,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<ProfileUpdateInput>({
    schema: schema,
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      mobile_number: user.mobile_number ?? '',
      username: user.username,
    },
  });

  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = handleSubmit(async (input) => {
    // Saved: what is in the form is now what is stored.
    if (await feedback.save(() => update.mutateAsync(input))) reset(input);
  });

  return (
    <TitledCard title="Edit Profile">
      {feedback.alerts}
      <Form noValidate onSubmit={onSubmit}>
        <Row className="g-3">
          {fields.map((field) => (
            <Col md={6} key={field.name}>
              <LabelledField
                controlId={`profile-${field.name}`}
                label={
                  <>
                    {field.label}
                    {field.required && <RequiredMark />}
                  </>
                }
                error={errors[field.name]?.message}
              >
                <Form.Control type={field.type} {...register(field.name)} />
              </LabelledField>
            </Col>
          ))}
        </Row>
        <SaveOrCancel
          submitLabel="Save"
          busy={isSubmitting}
          busyLabel="Saving"
          cancelTo={`/${session.role}/${backPath}`}
          className="mt-4 d-flex gap-2"
        />
      </Form>
      {guard.prompt}
    </TitledCard>
  );
}
