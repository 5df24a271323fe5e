import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';

type OverdueOnlyCheckProps = {
  id: string;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  /** Lifts the box to the line of the fields beside it, in a row of labelled fields. */
  className?: string;
};

/** A list filter's "Overdue only", applied as soon as it is ticked (work, invoices, data requests). */
export function OverdueOnlyCheck({ id, checked, onCheck, className }: OverdueOnlyCheckProps) {
  return (
    <Col xs={12} sm={6} lg={3} className={className}>
      <Form.Check id={id} label="Overdue only" checked={checked} onChange={(event) => onCheck(event.target.checked)} />
    </Col>
  );
}
