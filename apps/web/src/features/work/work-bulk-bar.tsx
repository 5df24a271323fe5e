import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkAssignee, type WorkStatus } from '@portal/contract/work';
import { type ReactNode, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
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

type Action = 'assign' | 'status' | 'verify';
type ActionWording = {
  controlId: string;
  label: string;
  button: string;
  busyLabel: string;
  variant?: string;
  /** The row to itself on every screen; otherwise half of it from a tablet up. */
  fullRow?: boolean;
};

/** The bar's three changes, as each is labelled. */
const ACTIONS: Record<Action, ActionWording> = {
  assign: { controlId: 'bulk-assignee', label: 'Assign to', button: 'Assign', busyLabel: 'Assigning' },
  status: { controlId: 'bulk-status', label: 'Set status', button: 'Set', busyLabel: 'Setting status' },
  verify: {
    controlId: 'bulk-review-note',
    label: 'Review note (optional)',
    button: 'Verify',
    busyLabel: 'Verifying',
    variant: 'success',
    fullRow: true,
  },
};

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
  // Which change is being sent.
  const [busy, setBusy] = useState<Action | null>(null);

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
        <BulkAction
          action="assign"
          running={busy}
          ready={assignee !== ''}
          onApply={() => apply('assign', { assignee_id: assignee === 'none' ? null : Number(assignee) })}
        >
          <Form.Select size="sm" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">Choose a person</option>
            <option value="none">Nobody</option>
            <SelectOptions options={toAssigneeOptions(assignees)} />
          </Form.Select>
        </BulkAction>
        <BulkAction
          action="status"
          running={busy}
          ready={status !== ''}
          onApply={() => apply('status', { status: status as WorkStatus })}
        >
          <Form.Select size="sm" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Choose a status</option>
            <SelectOptions options={toLabelledOptions(BULK_STATUSES, WORK_STATUS_LABELS)} />
          </Form.Select>
        </BulkAction>
        {reviewable && (
          <BulkAction action="verify" running={busy} ready onApply={verifyAll}>
            <Form.Control size="sm" maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
          </BulkAction>
        )}
      </Row>
    </section>
  );
}

type BulkActionProps = {
  action: Action;
  /** The change being sent, if any: its own button shows the wait, every button is held until it ends. */
  running: Action | null;
  /** Whether what to change to is chosen (the review note is optional: Verify is always ready). */
  ready: boolean;
  onApply: () => unknown;
  /** The choice (or text) the action takes. */
  children: ReactNode;
};

/** One change of the bar: what to change it to, and the button that applies it to every selected item. */
function BulkAction({ action, running, ready, onApply, children }: BulkActionProps) {
  const { controlId, label, button, busyLabel, variant, fullRow } = ACTIONS[action];
  return (
    <Col xs={12} md={fullRow ? undefined : 6} className="d-flex gap-2 align-items-end">
      <Form.Group controlId={controlId} className="flex-grow-1">
        <Form.Label className="small mb-1">{label}</Form.Label>
        {children}
      </Form.Group>
      <BusyButton
        size="sm"
        variant={variant}
        busy={running === action}
        busyLabel={busyLabel}
        disabled={!ready || running !== null}
        onClick={onApply}
      >
        {button}
      </BusyButton>
    </Col>
  );
}
