import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { bindFormFields } from '../../components/form-fields';
import { useBillableClients } from './invoices-api';

type ChooserProps = {
  /** The form's ids start with it ("invoice", "receipt"). */
  idPrefix: string;
  /** The form's `client_id` field, as `register('client_id')` gives it. */
  registered: UseFormRegisterReturn<'client_id'>;
  errors: FieldErrors<{ client_id: string }>;
};

/**
 * The client box of a new invoice or receipt: type a part of the name, then choose among the clients the
 * caller bills (a registered client shows its GSTIN, which decides the tax).
 */
export function BillableClientChooser({ idPrefix, registered, errors }: ChooserProps) {
  const [typed, setTyped] = useState('');
  const found = useBillableClients({ q: typed.trim() || undefined });
  const field = bindFormFields(errors, idPrefix);
  return (
    <Row className="g-3">
      <Col md={6}>
        <Form.Group controlId={`${idPrefix}-client-search`}>
          <Form.Label>Find a client</Form.Label>
          <Form.Control value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Name" />
        </Form.Group>
      </Col>
      <Col md={6}>
        {field(
          'client_id',
          'Client',
          <Form.Select {...registered}>
            <option value="">Choose…</option>
            {(found.data ?? []).map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
                {client.gstin ? ` · ${client.gstin}` : ''}
              </option>
            ))}
          </Form.Select>,
        )}
      </Col>
    </Row>
  );
}
