import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  type?: string;
  placeholder?: string;
  readOnly?: boolean;
  autoComplete?: string;
  md?: number;
  children?: ReactNode;
  /** Shows what is typed in capitals (PAN, GSTIN, TAN). */
  uppercase?: boolean;
};

/** A labelled input in the form grid, with its field error underneath. */
export function TextField({
  label,
  registration,
  error,
  required,
  type = 'text',
  md = 6,
  children,
  uppercase = false,
  ...input
}: TextFieldProps) {
  return (
    <Col md={md}>
      <Form.Group controlId={`field-${registration.name}`}>
        <Form.Label>
          {label}
          {required && (
            <span className="text-danger" aria-hidden>
              {' '}
              *
            </span>
          )}
        </Form.Label>
        {children ?? (
          <Form.Control
            type={type}
            isInvalid={!!error}
            aria-required={required}
            className={uppercase ? 'text-uppercase' : undefined}
            {...input}
            {...registration}
          />
        )}
        <Form.Control.Feedback type="invalid" className={children && error ? 'd-block' : undefined}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
}
