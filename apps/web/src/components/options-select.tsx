import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import { type SelectOption, SelectOptions } from './select-options';

type OptionsSelectProps = ComponentProps<typeof Form.Select> & { options: readonly SelectOption[] };

/** A select whose choices are a list of values and labels, and nothing else (no prompt before them). */
export function OptionsSelect({ options, ...select }: OptionsSelectProps) {
  return (
    <Form.Select {...select}>
      <SelectOptions options={options} />
    </Form.Select>
  );
}
