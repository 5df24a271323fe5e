import type { FormEventHandler, ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SaveOrCancel } from './save-or-cancel';
import { SectionCard } from './section-card';

type EditorCardProps = {
  /** The page's heading, above the card. */
  heading: string;
  /** The card's heading id (which names it) and title. */
  id: string;
  title: ReactNode;
  /** Over the form: its alerts and anything the form waits for. */
  notices: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  /** Where Cancel goes back to. */
  cancelTo: string;
  /** The unsaved-changes guard's question (`useUnsavedChangesGuard`). */
  prompt: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/** A record edited on a page of its own (an invoice, a receipt): the form in a card, saved or cancelled at its end. */
export function EditorCard({
  heading,
  id,
  title,
  notices,
  formLabel,
  onSubmit,
  submitLabel,
  busy,
  cancelTo,
  prompt,
  children,
}: EditorCardProps) {
  return (
    <>
      <h2 className="h5 mb-3">{heading}</h2>
      <SectionCard id={id} title={title}>
        <Card.Body>
          {notices}
          <Form noValidate onSubmit={onSubmit} aria-label={formLabel}>
            {children}
            <SaveOrCancel
              submitLabel={submitLabel}
              busy={busy}
              busyLabel="Saving…"
              cancelTo={cancelTo}
              className="d-flex flex-wrap gap-2"
            />
          </Form>
          {prompt}
        </Card.Body>
      </SectionCard>
    </>
  );
}
