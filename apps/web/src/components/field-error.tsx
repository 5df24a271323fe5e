import Form from 'react-bootstrap/Form';

const errorIdOf = (controlId: string) => `${controlId}-error`;

/**
 * What ties a field to its error: the red state, `aria-invalid`, and `aria-describedby` naming the
 * message under it, so a screen reader reads the message with the field.
 */
export function invalidAttributes(controlId: string, error: string | undefined) {
  return {
    isInvalid: !!error,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? errorIdOf(controlId) : undefined,
  };
}

type FieldErrorProps = { controlId: string; error: string | undefined; className?: string };

/** The message under a field; polite live region, so it is announced when it appears. */
export function FieldError({ controlId, error, className }: FieldErrorProps) {
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)} className={className} aria-live="polite">
      {error}
    </Form.Control.Feedback>
  );
}
