import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkAssignee, type WorkStatus } from '@portal/contract/work';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { SelectOptions } from '../../components/select-options';
import { readApiError } from '../../lib/api-error';
import { useUpdateWorkItem, useVerifyWorkItems } from './work-api';
import { toAssigneeOptions } from './work-options';

type WorkBulkBarProps = {
  selected: number[];
  /** Every selected item is under review and the caller may move it on: the bar offers Verify. */
  reviewable?: boolean;
  assignees: WorkAssignee[];
  /** Reports what happened: how many changed, and each refusal with its reason. */
  onDone: (result: { changed: number; failures: string[] }) => void;
};

// Filing needs each item's own acknowledgement number: it is done item by item, never in bulk. Verifying
// has its own button (one call, all or none).
const BULK_STATUSES = WORK_STATUSES.filter((status) => status !== 'filed' && status !== 'verified');

/**
 * The selected items' assignee or status, changed together (each through PUT /api/work/{id}); items
 * under review the caller checks, verified together (POST /api/work/verify).
 */
export function WorkBulkBar({ selected, reviewable = false, assignees, onDone }: WorkBulkBarProps) {
  const update = useUpdateWorkItem();
  const verify = useVerifyWorkItems();
  const [note, setNote] = useState('');
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  // Which change is being sent: its own button shows the wait, both are held until it ends.
  const [busy, setBusy] = useState<'assign' | 'status' | 'verify' | null>(null);

  const apply = async (action: 'assign' | 'status', body: { assignee_id: number | null } | { status: WorkStatus }) => {
    setBusy(action);
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
    setBusy(null);
    onDone({ changed, failures });
  };

  // All or none, in one call: a refusal names the items it is about.
  const verifyAll = async () => {
    setBusy('verify');
    try {
      await verify.mutateAsync({ ids: selected, ...(note.trim() ? { note } : {}) });
      onDone({ changed: selected.length, failures: [] });
    } catch (error) {
      const { message, errors } = readApiError(error);
      onDone({ changed: 0, failures: [Object.values(errors).flat().join(' ') || message] });
    }
    setBusy(null);
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
          <BusyButton
            size="sm"
            busy={busy === 'assign'}
            busyLabel="Assigning"
            disabled={!assignee || busy !== null}
            onClick={() => apply('assign', { assignee_id: assignee === 'none' ? null : Number(assignee) })}
          >
            Assign
          </BusyButton>
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
          <BusyButton
            size="sm"
            busy={busy === 'status'}
            busyLabel="Setting status"
            disabled={!status || busy !== null}
            onClick={() => apply('status', { status: status as WorkStatus })}
          >
            Set
          </BusyButton>
        </Col>
        {reviewable && (
          <Col xs={12} className="d-flex gap-2 align-items-end">
            <Form.Group controlId="bulk-review-note" className="flex-grow-1">
              <Form.Label className="small mb-1">Review note (optional)</Form.Label>
              <Form.Control size="sm" maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
            </Form.Group>
            <BusyButton
              size="sm"
              variant="success"
              busy={busy === 'verify'}
              busyLabel="Verifying"
              disabled={busy !== null}
              onClick={verifyAll}
            >
              Verify
            </BusyButton>
          </Col>
        )}
      </Row>
    </section>
  );
}
