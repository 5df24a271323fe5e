import type { RoleName } from '@portal/contract/roles';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { BusyButton } from '../../components/busy-button';
import { DialogHeader } from '../../components/dialog-header';
import { useFormFeedback } from '../../components/form-feedback';
import { TitledCard } from '../../components/titled-card';
import { formatDateTime } from '../../lib/format';
import { ContactDetails } from './contact-details';
import { NoticeText } from './notice-text';
import { useAcceptNotice, useMyNotice } from './privacy-api';
import { WithdrawConsentModal } from './withdraw-consent-modal';

/**
 * My Profile of a firm's PC, executor or client: the privacy notice it accepted, to read again, and (a
 * client) its consent withdrawn or given again.
 */
export function ConsentSection({ role }: { role: RoleName }) {
  const notice = useMyNotice();
  const accept = useAcceptNotice();
  const [reading, setReading] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const feedback = useFormFeedback(() => undefined);
  const data = notice.data;
  const withdrawn = data?.consent_withdrawn_at ?? null;
  const acceptAgain = async (version: number) => {
    if (await feedback.save(() => accept.mutateAsync(version))) setReading(false);
  };
  return (
    <TitledCard title="Privacy notice and consent" heading="h2">
      {feedback.alerts}
      {notice.isPending && <Spinner animation="border" size="sm" aria-label="Loading the privacy notice" />}
      {data && (
        <>
          <p>
            {withdrawn
              ? `You withdrew your consent on ${formatDateTime(withdrawn)} IST.`
              : data.accepted_version === null
                ? `You have not accepted ${data.firm_name}'s privacy notice.`
                : `You accepted version ${data.accepted_version} of ${data.firm_name}'s privacy notice.`}
          </p>
          {data.contact && (
            <p>
              Data protection contact: <ContactDetails contact={data.contact} />
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-primary" onClick={() => setReading(true)}>
              {withdrawn ? 'Read the notice and give consent again' : 'Read the privacy notice'}
            </Button>
            {role === 'client' && !withdrawn && data.accepted_version !== null && (
              <Button variant="outline-danger" onClick={() => setWithdrawing(true)}>
                Withdraw my consent
              </Button>
            )}
          </div>
          <Modal show={reading} onHide={() => setReading(false)} size="lg" aria-labelledby="notice-modal-title">
            <DialogHeader titleId="notice-modal-title">Privacy notice of {data.firm_name}</DialogHeader>
            <Modal.Body>
              <NoticeText text={data.text} headingLevel="h3" />
            </Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={() => setReading(false)}>
                Close
              </Button>
              {withdrawn && (
                <BusyButton
                  busy={accept.isPending}
                  busyLabel="Accepting"
                  onClick={() => void acceptAgain(data.version)}
                >
                  I accept
                </BusyButton>
              )}
            </Modal.Footer>
          </Modal>
          <WithdrawConsentModal show={withdrawing} onClose={() => setWithdrawing(false)} />
        </>
      )}
    </TitledCard>
  );
}
