import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

type ConfirmModalProps = {
  show: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before an action that cannot be undone from the same screen. */
export function ConfirmModal({
  show,
  title,
  text,
  confirmLabel = 'Confirm',
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="confirm-modal-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{text}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-label="Working" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
