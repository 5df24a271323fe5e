import { PRIVACY_MESSAGES } from '@portal/contract/privacy';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { BusyButton } from '../../components/busy-button';
import { useFormFeedback } from '../../components/form-feedback';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { ContactDetails } from './contact-details';
import { NoticeText } from './notice-text';
import { useAcceptNotice, useMyNotice } from './privacy-api';
import { WithdrawConsentModal } from './withdraw-consent-modal';

type PrivacyNoticePageProps = {
  /** A client may decline a new version by withdrawing the consent it gave to an earlier one. */
  mayWithdraw: boolean;
  /** Where to go once the notice is accepted (or the consent withdrawn). */
  onDone: () => void;
};

/**
 * The full-page privacy notice a firm's PC, executor or client reads and accepts before anything else,
 * at its first sign-in and after each new version (the server refuses everything else meanwhile).
 */
export function PrivacyNoticePage({ mayWithdraw, onDone }: PrivacyNoticePageProps) {
  useDocumentTitle('Privacy notice');
  const notice = useMyNotice();
  const accept = useAcceptNotice();
  const [withdrawing, setWithdrawing] = useState(false);
  const feedback = useFormFeedback(() => undefined, { showSuccess: false });

  const acceptNotice = async (version: number) => {
    const done = await feedback.save(async () => {
      try {
        return await accept.mutateAsync(version);
      } catch (error) {
        // A newer version was published meanwhile: it is shown, to be read and accepted.
        if (readApiError(error).status === 409) void notice.refetch();
        throw error;
      }
    });
    if (done) onDone();
  };

  const data = notice.data;
  const renewed = data?.accepted_version !== null && data?.accepted_version !== undefined;
  return (
    <Container className="py-4 account-setup privacy-notice-page">
      <main>
        <Card>
          <Card.Header className="bg-white">
            <h1 className="h5 mb-0">Privacy notice</h1>
          </Card.Header>
          <Card.Body>
            {notice.isPending && <Spinner animation="border" aria-label="Loading the privacy notice" />}
            {notice.isError && <MessageAlert variant="danger" messages={readApiError(notice.error).message} />}
            {data && (
              <>
                <MessageAlert
                  variant="info"
                  messages={
                    renewed
                      ? `${data.firm_name} has published a new version of its privacy notice. Please read it and accept it to continue.`
                      : PRIVACY_MESSAGES.acceptRequired
                  }
                />
                <NoticeText text={data.text} />
                <p className="mt-3">
                  <strong>Data protection contact of {data.firm_name}: </strong>
                  {data.contact ? <ContactDetails contact={data.contact} /> : 'not named yet; ask your firm.'}
                </p>
                {feedback.alerts}
                <div className="d-flex flex-wrap gap-2">
                  <BusyButton
                    busy={accept.isPending}
                    busyLabel="Accepting"
                    onClick={() => void acceptNotice(data.version)}
                  >
                    I accept
                  </BusyButton>
                  {mayWithdraw && renewed && (
                    <Button variant="outline-danger" onClick={() => setWithdrawing(true)}>
                      Withdraw my consent instead
                    </Button>
                  )}
                </div>
              </>
            )}
          </Card.Body>
        </Card>
      </main>
      <WithdrawConsentModal show={withdrawing} onClose={() => setWithdrawing(false)} onWithdrawn={onDone} />
    </Container>
  );
}
