import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { registerCapitals } from '../../components/capitals-as-typed';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { RequiredMark } from '../../components/required-mark';
import { type SelectOption, SelectOptions } from '../../components/select-options';

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
  /** Makes the field a select: its empty first choice ("Select country") and the options. */
  choices?: { prompt: string; options: readonly SelectOption[] };
  /** Turns what is typed into capitals (PAN, GSTIN, TAN). */
  uppercase?: boolean;
  /** A line of help under the field. */
  hint?: string;
};

/** A labelled input (or select) in the form grid, with its field error underneath. */
export function TextField({
  label,
  registration,
  error,
  required,
  type = 'text',
  md = 6,
  choices,
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
          {required && <RequiredMark />}
        </Form.Label>
        {choices ? (
          <Form.Select {...registration} {...invalidAttributes(controlId, error)} aria-required={required}>
            <option value="">{choices.prompt}</option>
            <SelectOptions options={choices.options} />
          </Form.Select>
        ) : (
          <Form.Control
            type={type}
            aria-required={required}
            {...invalidAttributes(controlId, error)}
            {...input}
            {...(uppercase ? registerCapitals(registration) : registration)}
          />
        )}
        {hint && <Form.Text>{hint}</Form.Text>}
        <FieldError controlId={controlId} error={error} className={choices && error ? 'd-block' : undefined} />
      </Form.Group>
    </Col>
  );
}
