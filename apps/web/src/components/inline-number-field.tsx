import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, invalidAttributes } from './field-error';

type InlineNumberFieldProps = {
  id: string;
  /** The words before the box, which name it. */
  label: string;
  /** The words after it ("days, then …"). */
  after: string;
  max: number;
  error: string | undefined;
  registered: UseFormRegisterReturn;
  disabled?: boolean;
};

/** A whole number set inside a sentence ("Keep the newest [10] versions …"), its error under the box. */
export function InlineNumberField({ id, label, after, max, error, registered, disabled }: InlineNumberFieldProps) {
  return (
    <>
      <Form.Label htmlFor={id} className="mt-2 mb-0">
        {label}
      </Form.Label>
      <div>
        <Form.Control
          id={id}
          type="number"
          min={1}
          max={max}
          disabled={disabled}
          {...invalidAttributes(id, error)}
          {...registered}
        />
        <FieldError controlId={id} error={error} />
      </div>
      <span className="mt-2">{after}</span>
    </>
  );
}
