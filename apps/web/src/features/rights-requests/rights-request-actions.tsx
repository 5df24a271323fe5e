import {
  RIGHTS_ANSWER_MAX,
  RIGHTS_DOWNLOAD_HOURS,
  RIGHTS_REASON_MAX,
  type RightsAnswerInput,
  type RightsRequest,
  rightsAnswerSchema,
  rightsCloseSchema,
} from '@portal/contract/rights-requests';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { useFormFeedback } from '../../components/form-feedback';
import { bindFormFields } from '../../components/form-fields';
import { ReasonModal } from '../../components/reason-modal';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { formatDateTime } from '../../lib/format';
import { useRightsStep } from './rights-api';

/** What to do for each kind before answering: the answer itself changes no data. */
const KIND_GUIDANCE: Record<string, string> = {
  access: `Prepare the download once you have reviewed the request: the client may take it once, within ${RIGHTS_DOWNLOAD_HOURS} hours. Then answer.`,
  correction: "Correct the client's details on its page, then answer with what changed.",
  erasure:
    "Erase the client's data from its page (its firm's MPC): what the law keeps stays until its period ends, and the erasure answers this request with both.",
  grievance: 'Answer what was done about the grievance.',
  consent_withdrawal: 'The client withdrew its consent: answer what your firm stops doing and what it must keep.',
};

function CloseModal({ id, show, onClose }: { id: number; show: boolean; onClose: () => void }) {
  const step = useRightsStep(id);
  return (
    <ReasonModal
      idPrefix="rights-close"
      title="Refuse or close the request"
      explanation="The client is told the reason, by mail too, with your data protection contact."
      submitLabel="Refuse or close"
      schema={rightsCloseSchema}
      send={(body) => step.mutateAsync({ step: 'close', body })}
      show={show}
      onClose={onClose}
      rows={3}
      maxLength={RIGHTS_REASON_MAX}
    />
  );
}

/** Staff's steps on one request: in progress, the access download, the answer, refuse or close. */
export function RightsRequestActions({ request }: { request: RightsRequest }) {
  const step = useRightsStep(request.id);
  const feedback = useFormFeedback(() => undefined, { successAutoCloseMs: NOTICE_AUTO_CLOSE_MS });
  const [closing, setClosing] = useState(false);
  const form = useContractForm<RightsAnswerInput>({ schema: rightsAnswerSchema, defaultValues: { answer: '' } });
  const field = bindFormFields(form.errors, 'rights-answer');
  const { act, prepare_download: prepares } = request.permissions;
  // The area this page is in (/mpc/..., /pc/...): the client's page is in the same one.
  const area = useLocation().pathname.split('/')[1];
  if (!act && !prepares) return null;
  const run = (input: { step: 'progress' } | { step: 'download' }) => void feedback.save(() => step.mutateAsync(input));
  return (
    <SectionCard id="rights-actions-title" title="Act on it" className="mt-3">
      <Card.Body>
        {feedback.alerts}
        <p>{KIND_GUIDANCE[request.kind]}</p>
        <div className="d-flex flex-wrap gap-2 mb-3">
          {act && request.status === 'received' && (
            <Button variant="outline-primary" onClick={() => run({ step: 'progress' })} disabled={step.isPending}>
              Mark in progress
            </Button>
          )}
          {prepares && (
            <Button onClick={() => run({ step: 'download' })} disabled={step.isPending}>
              {request.download ? 'Prepare a new download' : 'Prepare download'}
            </Button>
          )}
          {act && request.kind === 'erasure' && (
            <Link className="btn btn-danger" to={`/${area}/client/detail/${request.client.id}?erase=${request.id}`}>
              Erase the client's data
            </Link>
          )}
          {act && (
            <Button variant="outline-danger" onClick={() => setClosing(true)}>
              Refuse or close
            </Button>
          )}
        </div>
        {request.download && (
          <p className="small">
            {request.download.state === 'ready' &&
              `The client may download it once, until ${formatDateTime(request.download.expires_at)}.`}
            {request.download.state === 'used' &&
              `The client downloaded it on ${formatDateTime(request.download.used_at)}.`}
            {request.download.state === 'expired' && 'The download expired before the client took it.'}
          </p>
        )}
        {act && (
          <Form
            noValidate
            aria-label="Answer the client"
            onSubmit={form.submit((body) => step.mutateAsync({ step: 'answer', body }))}
          >
            {form.feedback.alerts}
            {field(
              'answer',
              'Answer to the client',
              <Form.Control as="textarea" rows={4} maxLength={RIGHTS_ANSWER_MAX} {...form.register('answer')} />,
              { hint: 'Shown to the client and mailed, with your data protection contact.' },
            )}
            <BusyButton type="submit" busy={form.isSubmitting} busyLabel="Sending">
              Send answer
            </BusyButton>
          </Form>
        )}
        <CloseModal id={request.id} show={closing} onClose={() => setClosing(false)} />
      </Card.Body>
    </SectionCard>
  );
}
