import { CLEAR_PASSWORD_KEY, MSME_TYPES, SEX_OPTIONS, type TemplateField } from '@portal/contract/client-templates';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { registerCapitals } from '../../components/capitals-as-typed';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { RequiredMark } from '../../components/required-mark';
import { SelectOptions } from '../../components/select-options';
import type { UserFormValues } from './user-form-values';

/** Where a value sits inside the sub-form: `['partners', 0, 'name']`. */
export type SubFormPath = (string | number)[];

/** What every part of the sub-form draws its fields with. */
export type SubFormParts = {
  register: UseFormRegister<UserFormValues>;
  errors: FieldErrors<UserFormValues>;
};

// Dates are typed as people in India write them, whatever the browser's locale (no native date picker,
// which shows the locale's order); the contract reads dd/mm/yyyy and keeps ISO.
export const SUB_FORM_PLACEHOLDERS: Partial<Record<TemplateField['kind'], string>> = {
  date: DATE_PLACEHOLDER,
  pastDate: DATE_PLACEHOLDER,
  taxYear: '2022-2023',
  cin: 'U74999MH2015PTC123456',
  llpin: 'AAB-1234',
};
const NUMERIC_KINDS = new Set<TemplateField['kind']>(['aadhaar', 'bankAccount', 'date', 'pastDate']);
const UPPERCASE_KINDS = new Set<TemplateField['kind']>(['pan', 'ifsc', 'cin', 'llpin']);

/** The form's name of a sub-form value. */
export const subFieldName = (path: SubFormPath) => ['additional_data', ...path].join('.') as never;

/** The error under a sub-form value, if any. */
export function messageAt(errors: FieldErrors<UserFormValues>, path: SubFormPath): string | undefined {
  let node: unknown = errors.additional_data;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

type SubFormFieldProps = SubFormParts & {
  definition: TemplateField;
  path: SubFormPath;
  md?: number;
  /** The user already has a stored sub-form password: it is write-only, so the form offers to replace or clear it. */
  storedPasswordSet?: boolean;
};

/** One labelled value of the sub-form, drawn from its definition in the contract. */
export function SubFormField({ definition, path, md = 4, register, errors, storedPasswordSet }: SubFormFieldProps) {
  const error = messageAt(errors, path);
  const id = `sub-${path.join('-')}`;
  const options = definition.kind === 'sex' ? SEX_OPTIONS : definition.kind === 'msmeType' ? MSME_TYPES : null;
  return (
    <Col md={md}>
      <Form.Group controlId={id}>
        <Form.Label>
          {definition.label}
          {definition.required && <RequiredMark />}
        </Form.Label>
        {options ? (
          <Form.Select {...invalidAttributes(id, error)} {...register(subFieldName(path))}>
            <option value="">Select</option>
            <SelectOptions options={options} />
          </Form.Select>
        ) : (
          <Form.Control
            type={definition.kind === 'password' ? 'password' : 'text'}
            placeholder={SUB_FORM_PLACEHOLDERS[definition.kind]}
            autoComplete={definition.kind === 'password' ? 'new-password' : 'off'}
            // A phone shows digits for numbers (and dates) that are only digits.
            inputMode={NUMERIC_KINDS.has(definition.kind) ? 'numeric' : undefined}
            {...invalidAttributes(id, error)}
            {...(UPPERCASE_KINDS.has(definition.kind)
              ? registerCapitals(register(subFieldName(path)))
              : register(subFieldName(path)))}
          />
        )}
        <FieldError controlId={id} error={error} />
        {definition.key === 'password' && storedPasswordSet && (
          <>
            <Form.Text id="sub-password-help">A password is stored. Leave this blank to keep it.</Form.Text>
            <Form.Check
              id="sub-clear_password"
              className="mt-1"
              label="Clear the stored password"
              {...register(subFieldName([CLEAR_PASSWORD_KEY]))}
            />
          </>
        )}
      </Form.Group>
    </Col>
  );
}
