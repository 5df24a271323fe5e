import type { ChecklistStep } from '@portal/contract/checklists';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/format';
import { useTickStep, useWorkChecklist } from './checklists-api';

function StepRow({
  step,
  canTick,
  onTick,
}: {
  step: ChecklistStep;
  canTick: boolean;
  onTick: (done: boolean) => void;
}) {
  const id = `checklist-step-${step.id}`;
  return (
    <ListGroup.Item>
      <Form.Check
        id={id}
        type="checkbox"
        label={step.label}
        checked={step.done}
        disabled={!canTick}
        onChange={(event) => onTick(event.currentTarget.checked)}
        aria-describedby={step.done ? `${id}-who` : undefined}
      />
      {step.done && (
        <small id={`${id}-who`} className="text-muted ms-4 d-block">
          Ticked by {step.done_by?.name ?? 'a former user'} on {formatDateTime(step.done_at)}
        </small>
      )}
    </ListGroup.Item>
  );
}

/**
 * A work item's checklist (staff only: the firm's working notes): its steps, who ticked each and when,
 * and the progress; nothing when the item's service had no checklist when the item was made.
 */
export function WorkChecklist({ workId }: { workId: number }) {
  const checklist = useWorkChecklist(workId);
  const tick = useTickStep(workId);
  // The box follows the click at once (set in the click's own render); the server's answer then says
  // who ticked it and when.
  const [pending, setPending] = useState<{ stepId: number; done: boolean } | null>(null);
  if (!checklist.data || checklist.data.total === 0) return null;
  const { steps, done, total, permissions } = checklist.data;
  const shown = (step: ChecklistStep) => (pending?.stepId === step.id ? { ...step, done: pending.done } : step);
  const onTick = (stepId: number, checked: boolean) => {
    setPending({ stepId, done: checked });
    tick.mutate({ stepId, body: { done: checked } }, { onSettled: () => setPending(null) });
  };
  const progress = `${done} of ${total} done`;
  return (
    <SectionCard id="checklist-title" title="Checklist" size="h6" className="mt-3" aside={<span>{progress}</span>}>
      <Card.Body className="pb-0">
        {/* The words beside the heading say the same to a screen reader: the bar is for the eye. */}
        <ProgressBar now={(done / total) * 100} aria-hidden="true" className="mb-3" />
        <FailureAlert of={tick} />
      </Card.Body>
      <ListGroup variant="flush">
        {steps.map((step) => (
          <StepRow
            key={step.id}
            step={shown(step)}
            canTick={permissions.tick && pending === null}
            onTick={(checked) => onTick(step.id, checked)}
          />
        ))}
      </ListGroup>
    </SectionCard>
  );
}
