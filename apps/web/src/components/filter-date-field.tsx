import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from './field-error';

type FilterDateFieldProps = {
  id: string;
  label: string;
  /** As typed, dd/mm/yyyy. */
  value: string;
  onType: (text: string) => void;
  error: string | undefined;
  /** Its width on a wide screen (half a row on a phone). */
  lg?: number;
};

/** One date of a list's filter, typed dd/mm/yyyy, with its error under it (work, invoices, reports). */
export function FilterDateField({ id, label, value, onType, error, lg = 2 }: FilterDateFieldProps) {
  return (
    <Col xs={6} lg={lg}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        id={id}
        inputMode="numeric"
        placeholder={DATE_PLACEHOLDER}
        value={value}
        onChange={(event) => onType(event.target.value)}
        {...invalidAttributes(id, error)}
      />
      <FieldError controlId={id} error={error} />
    </Col>
  );
}
