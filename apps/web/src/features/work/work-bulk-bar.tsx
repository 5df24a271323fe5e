import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkAssignee, type WorkStatus } from '@portal/contract/work';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { SelectOptions } from '../../components/select-options';
import { readApiError } from '../../lib/api-error';
import { useUpdateWorkItem } from './work-api';
import { toAssigneeOptions } from './work-options';

type WorkBulkBarProps = {
  selected: number[];
  assignees: WorkAssignee[];
  /** Reports what happened: how many changed, and each refusal with its reason. */
  onDone: (result: { changed: number; failures: string[] }) => void;
};

// Filing needs each item's own acknowledgement number: it is done item by item, never in bulk.
const BULK_STATUSES = WORK_STATUSES.filter((status) => status !== 'filed');

/** The selected items' assignee or status, changed together (each through PUT /api/work/{id}). */
export function WorkBulkBar({ selected, assignees, onDone }: WorkBulkBarProps) {
  const update = useUpdateWorkItem();
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = async (body: { assignee_id: number | null } | { status: WorkStatus }) => {
    setBusy(true);
    const failures: string[] = [];
    let changed = 0;
    for (const id of selected) {
      try {
        await update.mutateAsync({ id, body });
        changed += 1;
      } catch (error) {
        const { message, errors } = readApiError(error);
        failures.push(`Item ${id}: ${Object.values(errors).flat().join(' ') || message}`);
      }
    }
    setBusy(false);
    onDone({ changed, failures });
  };

  return (
    <section aria-label="Change the selected items" className="border rounded p-2 mb-3 bg-body-tertiary">
      <p className="small mb-2" aria-live="polite">
        {selected.length} selected
      </p>
      <Row className="g-2 align-items-end">
        <Col xs={12} md={6} className="d-flex gap-2 align-items-end">
          <Form.Group controlId="bulk-assignee" className="flex-grow-1">
            <Form.Label className="small mb-1">Assign to</Form.Label>
            <Form.Select size="sm" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
              <option value="">Choose a person</option>
              <option value="none">Nobody</option>
              <SelectOptions options={toAssigneeOptions(assignees)} />
            </Form.Select>
          </Form.Group>
          <Button
            size="sm"
            disabled={!assignee || busy}
            onClick={() => apply({ assignee_id: assignee === 'none' ? null : Number(assignee) })}
          >
            Assign
          </Button>
        </Col>
        <Col xs={12} md={6} className="d-flex gap-2 align-items-end">
          <Form.Group controlId="bulk-status" className="flex-grow-1">
            <Form.Label className="small mb-1">Set status</Form.Label>
            <Form.Select size="sm" value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">Choose a status</option>
              {BULK_STATUSES.map((entry) => (
                <option key={entry} value={entry}>
                  {WORK_STATUS_LABELS[entry]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button size="sm" disabled={!status || busy} onClick={() => apply({ status: status as WorkStatus })}>
            {busy && <Spinner animation="border" size="sm" className="me-1" aria-label="Saving" />}
            Set
          </Button>
        </Col>
      </Row>
    </section>
  );
}
