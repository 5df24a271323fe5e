import type { ReactElement, ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get } from 'react-hook-form';
import { LabelledField } from './labelled-field';

type FieldOptions = {
  /** The control's id when it is not `<idPrefix>-<name>`. */
  id?: string;
  hint?: ReactNode;
  className?: string;
};

/**
 * The fields of one contract form (use-contract-form.ts), each by its name: the control's id, its label
 * and the schema's error under it, read from the form's errors, so no field spells them out again.
 */
export function bindFormFields<TValues extends FieldValues>(errors: FieldErrors<TValues>, idPrefix: string) {
  return (
    name: string,
    label: ReactNode,
    control: ReactElement<Record<string, unknown>>,
    options: FieldOptions = {},
  ) => (
    <LabelledField
      className={options.className}
      controlId={options.id ?? `${idPrefix}-${name}`}
      label={label}
      error={(get(errors, name) as { message?: string } | undefined)?.message}
      hint={options.hint}
    >
      {control}
    </LabelledField>
  );
}
