/*
 * Field markup of the sign-in page's forms, drawn with Bootstrap's classes alone (no react-bootstrap):
 * the first page carries no component library (docs/performance.md, "The first page").
 */

const errorIdOf = (controlId: string) => `${controlId}-error`;

/** A field's error tied to it: red state, aria-invalid, and aria-describedby naming the message. */
export function invalidProps(controlId: string, error: string | undefined) {
  return {
    id: controlId,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(controlId) : undefined,
  };
}

export function FieldError({ controlId, error }: { controlId: string; error: string | undefined }) {
  return (
    <div className="invalid-feedback" id={errorIdOf(controlId)} aria-live="polite">
      {error}
    </div>
  );
}

export function DangerAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger alert-dismissible" role="alert">
      {message}
      <button type="button" className="btn-close" aria-label="Close alert" onClick={onClose} />
    </div>
  );
}
