import { cloneElement, isValidElement, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, invalidAttributes } from '../../components/field-error';

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
  /** A line of help under the field. */
  hint?: string;
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
  hint,
  ...input
}: TextFieldProps) {
  const controlId = `field-${registration.name}`;
  return (
    <Col md={md}>
      <Form.Group controlId={controlId}>
        <Form.Label>
          {label}
          {required && (
            <span className="text-danger" aria-hidden>
              {' '}
              *
            </span>
          )}
        </Form.Label>
        {isValidElement<Record<string, unknown>>(children) ? (
          // A select given as the control: tie it to the error the same way.
          cloneElement(children, { ...invalidAttributes(controlId, error), 'aria-required': required })
        ) : (
          <Form.Control
            type={type}
            aria-required={required}
            className={uppercase ? 'text-uppercase' : undefined}
            {...invalidAttributes(controlId, error)}
            {...input}
            {...registration}
          />
        )}
        {hint && <Form.Text>{hint}</Form.Text>}
        <FieldError controlId={controlId} error={error} className={children && error ? 'd-block' : undefined} />
      </Form.Group>
    </Col>
  );
}
