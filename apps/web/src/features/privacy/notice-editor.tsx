import {
  NOTICE_TEXT_MAX,
  type PrivacyNotice,
  type PrivacyNoticeSaveInput,
  privacyNoticeSaveSchema,
} from '@portal/contract/privacy';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { BusyButton } from '../../components/busy-button';
import { DialogHeader } from '../../components/dialog-header';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { NoticeText } from './notice-text';
import { usePublishNotice } from './privacy-api';

/**
 * The MPC writes the firm's notice, starting from the one in force (the portal's default until the
 * firm publishes its own). Each publication is a new version, never changed after: everyone in the
 * firm accepts it again, so the MPC confirms first and may preview it as they will read it.
 */
export function NoticeEditor({ notice }: { notice: PrivacyNotice }) {
  const publish = usePublishNotice();
  const [confirming, setConfirming] = useState<PrivacyNoticeSaveInput | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { register, handleSubmit, reset, feedback, errors, watch } = useContractForm<PrivacyNoticeSaveInput>({
    schema: privacyNoticeSaveSchema,
    defaultValues: { text: notice.text },
  });
  useEffect(() => reset({ text: notice.text }), [notice.text, reset]);
  const next = notice.is_default ? 1 : notice.version + 1;
  // A text the schema accepts is only confirmed here; the confirmation sends it.
  const onSubmit = handleSubmit((input) => setConfirming(input));
  const confirm = async () => {
    if (!confirming) return;
    const body = confirming;
    setConfirming(null);
    await feedback.save(() => publish.mutateAsync(body));
  };
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Privacy notice">
      {feedback.alerts}
      <p>
        {notice.is_default
          ? "Your firm uses the portal's default notice (version 0). Change it to fit your firm and publish it as your own."
          : `Version ${notice.version} is in force.`}
      </p>
      <LabelledField
        controlId="privacy-notice-text"
        label="Text of the notice"
        error={errors.text?.message}
        hint={`Plain text, at most ${NOTICE_TEXT_MAX.toLocaleString('en-IN')} characters. A line starting "## " is a heading, one starting "- " an item of a list; an empty line starts a new paragraph.`}
      >
        <Form.Control as="textarea" rows={14} {...register('text')} />
      </LabelledField>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit">Publish as version {next}</Button>
        <Button variant="outline-secondary" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
      </div>
      <Modal show={confirming !== null} onHide={() => setConfirming(null)} centered aria-labelledby="publish-title">
        <DialogHeader titleId="publish-title">Publish version {next}</DialogHeader>
        <Modal.Body>
          Once published, a version is never changed. Every PC, executor and client of your firm will have to read and
          accept it before they can go on using the portal.
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <BusyButton busy={publish.isPending} busyLabel="Publishing" onClick={() => void confirm()}>
            Publish
          </BusyButton>
        </Modal.Footer>
      </Modal>
      <Modal show={previewing} onHide={() => setPreviewing(false)} size="lg" aria-labelledby="preview-title">
        <DialogHeader titleId="preview-title">Preview of the notice</DialogHeader>
        <Modal.Body>
          <NoticeText text={watch('text') ?? ''} headingLevel="h3" />
        </Modal.Body>
      </Modal>
    </Form>
  );
}
