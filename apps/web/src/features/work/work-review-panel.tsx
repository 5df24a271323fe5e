import { type WorkItem, type WorkStatus, type WorkUpdate, workUpdateSchema } from '@portal/contract/work';
import { useRef } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useUpdateWorkItem } from './work-api';

type ReviewValues = { review_note: string };

type Decision = Extract<WorkStatus, 'verified' | 'in_progress'>;

/** The reviewer's two decisions, each a submit button, and what the screen says once it is saved. */
const DECISIONS: Record<Decision, { label: string; variant: string; busyLabel: string; saved: string }> = {
  verified: { label: 'Verify', variant: 'success', busyLabel: 'Verifying', saved: 'Verified.' },
  in_progress: {
    label: 'Return for changes',
    variant: 'outline-danger',
    busyLabel: 'Returning',
    saved: 'Returned for changes.',
  },
};

/**
 * The reviewer's (or the MPC's) decision on an item under review: verify it, or return it for changes,
 * with a note the maker reads in the history (maker-checker, docs/decisions/0031-maker-checker.md).
 */
export function WorkReviewPanel({ item, onSaved }: { item: WorkItem; onSaved: (message: string) => void }) {
  const update = useUpdateWorkItem();
  // Which button sent the form: both submit the same note.
  const decision = useRef<Decision>('verified');
  const form = useContractForm<ReviewValues, WorkUpdate>({
    schema: workUpdateSchema,
    defaultValues: { review_note: '' },
    toBody: (values) => ({ status: decision.current, review_note: values.review_note }),
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, feedback, errors } = form;
  const save = form.submit(
    (body) => update.mutateAsync({ id: item.id, body }),
    () => onSaved(DECISIONS[decision.current].saved),
  );
  const choose = (status: Decision) => () => {
    decision.current = status;
  };

  return (
    <Card as="section" aria-labelledby="work-review-title" className="mb-3 border-primary">
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0" id="work-review-title">
          Review
        </h2>
      </Card.Header>
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={save}>
          <LabelledField
            className="mb-3"
            controlId="work-review-note"
            label="Review note"
            error={errors.review_note?.message}
            hint="What you checked, or what to change. The assignee reads it in the history."
          >
            <Form.Control as="textarea" rows={3} maxLength={2000} {...register('review_note')} />
          </LabelledField>
          <div className="d-flex flex-wrap gap-2">
            {(Object.keys(DECISIONS) as Decision[]).map((status) => (
              <BusyButton
                key={status}
                type="submit"
                variant={DECISIONS[status].variant}
                busy={update.isPending && decision.current === status}
                busyLabel={DECISIONS[status].busyLabel}
                disabled={update.isPending}
                onClick={choose(status)}
              >
                {DECISIONS[status].label}
              </BusyButton>
            ))}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
