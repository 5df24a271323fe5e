import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { LabelledField } from './labelled-field';

export type PasswordField<TValues extends FieldValues> = {
  name: Path<TValues>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint: ReactNode;
};

type PasswordFieldsProps<TValues extends FieldValues> = {
  /** Starts each field's id (`change` gives `change-password`), unique on the screen. */
  idPrefix: string;
  fields: readonly PasswordField<TValues>[];
  register: UseFormRegister<TValues>;
  errors: FieldErrors<TValues>;
};

/** A form's password inputs (current, new, its confirmation), each with its hint and error. */
export function PasswordFields<TValues extends FieldValues>({
  idPrefix,
  fields,
  register,
  errors,
}: PasswordFieldsProps<TValues>) {
  return fields.map((field) => (
    <LabelledField
      className="mb-3"
      controlId={`${idPrefix}-${field.name}`}
      label={field.label}
      error={errors[field.name]?.message as string | undefined}
      hint={field.hint}
      key={field.name}
    >
      <Form.Control type="password" autoComplete={field.autoComplete} {...register(field.name)} />
    </LabelledField>
  ));
}
