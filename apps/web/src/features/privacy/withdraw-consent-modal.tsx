import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BusyButton } from '../../components/busy-button';
import { DialogHeader } from '../../components/dialog-header';
import { useFormFeedback } from '../../components/form-feedback';
import { useWithdrawConsent } from './privacy-api';

type WithdrawConsentModalProps = { show: boolean; onClose: () => void; onWithdrawn?: () => void };

/**
 * Asks a client before it withdraws its consent, saying what follows (DPDP Act s.6(4)-(6)): the firm
 * may stop what needs the data, keeps what the law makes it keep, and what was done before stays lawful.
 */
export function WithdrawConsentModal({ show, onClose, onWithdrawn }: WithdrawConsentModalProps) {
  const withdraw = useWithdrawConsent();
  // No field to put an error under: whatever fails shows in the dialog's alert.
  const feedback = useFormFeedback(() => undefined, { showSuccess: false });
  const confirm = async () => {
    const done = await feedback.save(() => withdraw.mutateAsync(undefined));
    if (done) {
      onClose();
      onWithdrawn?.();
    }
  };
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="withdraw-consent-title">
      <DialogHeader titleId="withdraw-consent-title">Withdraw your consent</DialogHeader>
      <Modal.Body>
        {feedback.alerts}
        <p>If you withdraw your consent to the processing of your personal data:</p>
        <ul>
          <li>your firm may stop the services that need your personal data;</li>
          <li>
            the records a law requires your firm to keep (your returns, invoices, books of account) are kept until that
            law lets them be erased;
          </li>
          <li>what was done before you withdrew stays lawful;</li>
          <li>you can still sign in and read your records, but not change or add anything;</li>
          <li>you can give your consent again at any time by accepting the privacy notice.</li>
        </ul>
        <p className="mb-0">Your firm is told at once.</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton variant="danger" busy={withdraw.isPending} busyLabel="Withdrawing" onClick={() => void confirm()}>
          Withdraw my consent
        </BusyButton>
      </Modal.Footer>
    </Modal>
  );
}
