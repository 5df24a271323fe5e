import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BusyButton } from './busy-button';
import { DialogHeader } from './dialog-header';

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
      <DialogHeader titleId="confirm-modal-title">{title}</DialogHeader>
      <Modal.Body>{text}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton variant="danger" onClick={onConfirm} busy={busy} busyLabel="Working">
          {confirmLabel}
        </BusyButton>
      </Modal.Footer>
    </Modal>
  );
}
