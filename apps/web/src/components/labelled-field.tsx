import { cloneElement, type ReactElement, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from './field-error';

type LabelledFieldProps = {
  controlId: string;
  label: ReactNode;
  error: string | undefined;
  /** A line of help between the control and its error. */
  hint?: ReactNode;
  className?: string;
  /** The control (`Form.Control`, `Form.Select`): it is given the error's attributes here. */
  children: ReactElement<Record<string, unknown>>;
};

/** One field of a form: its label, its control tied to the error under it, and an optional hint. */
export function LabelledField({ controlId, label, error, hint, className, children }: LabelledFieldProps) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      {cloneElement(children, invalidAttributes(controlId, error))}
      {hint && <Form.Text>{hint}</Form.Text>}
      <FieldError controlId={controlId} error={error} />
    </Form.Group>
  );
}
