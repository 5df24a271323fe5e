import type { ReactNode } from 'react';
import Col, { type ColProps } from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';

type FilterSelectProps = Pick<ColProps, 'lg'> & {
  id: string;
  label: string;
  value: string;
  onChoose: (value: string) => void;
  /** The options. */
  children: ReactNode;
};

/**
 * One choice of a list's filter form; it applies as soon as it is chosen. Like every filter choice it
 * takes the whole row on a phone and half of it on a tablet; `lg` says its width on a wide screen.
 */
export function FilterSelect({ id, label, value, onChoose, lg, children }: FilterSelectProps) {
  return (
    <Col xs={12} sm={6} lg={lg}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Select id={id} value={value} onChange={(event) => onChoose(event.target.value)}>
        {children}
      </Form.Select>
    </Col>
  );
}
