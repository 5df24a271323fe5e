import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import { SelectOptions, toServiceOptions } from './select-options';

type ServiceSelectProps = ComponentProps<typeof Form.Select> & { services: Parameters<typeof toServiceOptions>[0] };

/** A form's choice of one of a client's services after a "Select service" prompt (members, recurring and one-off work). */
export function ServiceSelect({ services, ...select }: ServiceSelectProps) {
  return (
    <Form.Select {...select}>
      <option value="">Select service</option>
      <SelectOptions options={toServiceOptions(services)} />
    </Form.Select>
  );
}
