import { QUALIFICATIONS } from '@portal/contract/user-form';
import Col from 'react-bootstrap/Col';
import { TextField } from './text-field';
import type { UserFormParts } from './user-form-parts';

/** A professional's qualification with its proof, practice since, and the firm's logo. */
export function UserProfessionalFields({
  form: { register },
  errorOf,
  required,
  document,
  proofRequired,
}: UserFormParts & { proofRequired: boolean }) {
  return (
    <>
      <TextField
        label="Qualification"
        registration={register('qualification')}
        error={errorOf('qualification')}
        required={required.has('qualification')}
        choices={{ prompt: 'Select qualification', options: QUALIFICATIONS }}
      />
      <Col md={6}>{document('qualification_proof', { required: proofRequired })}</Col>
      <TextField
        label="Practice since"
        type="number"
        placeholder="e.g. 2012"
        registration={register('practice_since')}
        error={errorOf('practice_since')}
        required={required.has('practice_since')}
      />
      <Col md={6}>{document('logo')}</Col>
    </>
  );
}
