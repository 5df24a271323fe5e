import { assignMpcSchema, type ServiceAssignment } from '@portal/contract/assignments';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveAssignment } from './assignments-api';

type MpcUsernameFormProps = { clientId: number; row: ServiceAssignment; onSaved: (message: string) => void };

type MpcValues = { mpc_username: string };

/** One service handed to another firm's MPC, by username: saved from its own row. */
export function MpcUsernameForm({ clientId, row, onSaved }: MpcUsernameFormProps) {
  const save = useSaveAssignment(clientId);
  const form = useContractForm<MpcValues, { client_id: number; service_id: number; mpc_username: string }>({
    schema: assignMpcSchema,
    defaultValues: { mpc_username: row.mpc_username ?? '' },
    toBody: (values) => ({ client_id: clientId, service_id: row.service_id, mpc_username: values.mpc_username }),
    listFieldErrors: false,
    showSuccess: false,
    // The row has one field: any field's refusal (the client, the service) is shown under it.
    routeFieldError: (field, message) => {
      if (field === 'mpc_username') return false;
      form.setError('mpc_username', { message });
      return true;
    },
  });
  const id = `mpc-username-${row.service_id}`;
  const error = form.errors.mpc_username?.message;
  const onSubmit = form.submit(
    (body) => save.mutateAsync({ kind: 'mpc', body }),
    (result) => onSaved(result.message),
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      {form.feedback.alerts}
      <InputGroup hasValidation>
        <Form.Control
          aria-label={`MPC username for ${row.service_name}`}
          placeholder="MPC username"
          {...invalidAttributes(id, error)}
          {...form.register('mpc_username')}
        />
        <Button type="submit" aria-label={`Save MPC for ${row.service_name}`}>
          Save
        </Button>
        <FieldError controlId={id} error={error} />
      </InputGroup>
    </Form>
  );
}
