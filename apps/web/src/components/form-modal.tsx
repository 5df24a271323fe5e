import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { BusyButton } from './busy-button';
import { DialogHeader } from './dialog-header';

export type FormModalProps = {
  show: boolean;
  onClose: () => void;
  /** The title's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The label of the button that closes without saving. */
  closeLabel?: string;
  submitLabel: string;
  submitVariant?: string;
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
};

/** A dialog that is one form: its fields in the body, close and submit in the footer. */
export function FormModal({
  show,
  onClose,
  titleId,
  title,
  onSubmit,
  closeLabel = 'Close',
  submitLabel,
  submitVariant,
  busy,
  busyLabel = 'Saving',
  children,
}: FormModalProps) {
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId}>
      <Form noValidate onSubmit={onSubmit}>
        <DialogHeader titleId={titleId}>{title}</DialogHeader>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
          <BusyButton type="submit" variant={submitVariant} busy={busy} busyLabel={busyLabel}>
            {submitLabel}
          </BusyButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
