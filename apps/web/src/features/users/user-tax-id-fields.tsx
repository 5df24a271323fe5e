import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { TextField } from './text-field';
import type { UserFormParts } from './user-form-parts';

/** PAN, GST and TAN numbers, each beside its proof. */
export function UserTaxIdFields({
  form: { register },
  errorOf,
  document,
  panRequired,
}: UserFormParts & { panRequired: boolean }) {
  return (
    <>
      {(['pan', 'gst', 'tan'] as const).map((kind) => (
        <Col md={12} key={kind}>
          <Row className="g-3">
            <TextField
              label={`${kind.toUpperCase()} number`}
              // Tax ids are capitals: turned so as typed (a pasted or filled-in value too, on change).
              registration={register(`${kind}_number`)}
              uppercase
              error={errorOf(`${kind}_number`)}
              required={panRequired && kind === 'pan'}
            />
            <Col md={6}>{document(`${kind}_proof`)}</Col>
          </Row>
        </Col>
      ))}
    </>
  );
}
