import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

type DialogHeaderProps = {
  /** The title's id, which names the dialog (its `aria-labelledby`). */
  titleId: string;
  /** Off while the dialog must not be closed (an upload under way). */
  closeButton?: boolean;
  /** More classes for the title (`text-break` for a long file name). */
  className?: string;
  children: ReactNode;
};

/** A dialog's header: its title, an h2 that looks like an h5, and the close button. */
export function DialogHeader({ titleId, closeButton = true, className, children }: DialogHeaderProps) {
  return (
    <Modal.Header closeButton={closeButton}>
      <Modal.Title as="h2" className={className ? `h5 ${className}` : 'h5'} id={titleId}>
        {children}
      </Modal.Title>
    </Modal.Header>
  );
}
