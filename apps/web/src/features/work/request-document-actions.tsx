import {
  type DocumentRequest,
  type RequestItem,
  type RequestReviewInput,
  requestReviewSchema,
} from '@portal/contract/requests';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { TakePhotoButton } from '../../components/take-photo-button';
import { useContractForm } from '../../components/use-contract-form';
import { useFileForm } from '../../components/use-file-form';
import { readApiError } from '../../lib/api-error';
import { usePortalSettings } from '../../lib/portal-settings';
import { useReviewRequestItem, useUploadForRequest } from './request-api';

export type Notify = (message: string) => void;

/** What each control of a requested document works on, and how it tells the page what happened. */
type ItemControlProps = { request: DocumentRequest; item: RequestItem; onDone: Notify };

/** The client's upload of one document: a file chosen, checked against the size limit, sent. */
export function UploadControl({ request, item, onDone }: ItemControlProps) {
  const upload = useUploadForRequest();
  const settings = usePortalSettings();
  const { form, inputKey, renewInputs, clear } = useFileForm(settings.data?.max_upload_mb);
  // A photo from the camera is not in the picker's input: its name is shown under it instead.
  const [photoName, setPhotoName] = useState<string>();
  const id = `upload-${request.id}-${item.id}`;
  const error = form.errors.file?.message;
  const onSubmit = form.submit(
    ({ file }) => upload.mutateAsync({ requestId: request.id, itemId: item.id, file }),
    (result) => {
      onDone(result.message);
      clear();
      setPhotoName(undefined);
    },
  );
  return (
    <Form noValidate onSubmit={onSubmit} className="d-flex flex-wrap gap-2 align-items-start mt-2">
      {form.feedback.alerts}
      <div className="flex-grow-1">
        <Form.Control
          key={inputKey}
          type="file"
          size="sm"
          id={id}
          aria-label={`File for ${item.name}`}
          onChange={(event) => {
            form.setValue('file', (event.target as HTMLInputElement).files?.[0] ?? null);
            setPhotoName(undefined);
          }}
          {...invalidAttributes(id, error)}
        />
        {photoName && <div className="small text-muted mt-1">Photo taken: {photoName}</div>}
        <FieldError controlId={id} error={error} />
      </div>
      <TakePhotoButton
        subject={item.name}
        size="sm"
        onPhoto={(photo) => {
          form.setValue('file', photo);
          // The picker's own choice, if any, is replaced: clear it so the two never disagree.
          renewInputs();
          setPhotoName(photo.name);
        }}
      />
      <Button type="submit" size="sm" disabled={upload.isPending} aria-label={`Upload ${item.name}`}>
        Upload
      </Button>
    </Form>
  );
}

/** Staff's review of an uploaded document: accept, or reject with the reason the client reads. */
export function ReviewControl({ request, item, onDone }: ItemControlProps) {
  const review = useReviewRequestItem();
  const [rejecting, setRejecting] = useState(false);
  const [acceptError, setAcceptError] = useState<string>();
  const form = useContractForm<{ reason: string }, RequestReviewInput>({
    schema: requestReviewSchema,
    defaultValues: { reason: '' },
    toBody: (values) => ({ status: 'rejected', reason: values.reason }),
    listFieldErrors: false,
    showSuccess: false,
  });
  const id = `reason-${request.id}-${item.id}`;
  const error = form.errors.reason?.message;
  const send = (body: RequestReviewInput) => review.mutateAsync({ requestId: request.id, itemId: item.id, body });
  const accept = async () => {
    try {
      onDone((await send({ status: 'accepted' })).message);
      setAcceptError(undefined);
    } catch (failure) {
      setAcceptError(readApiError(failure).message);
    }
  };
  const reject = form.submit(send, (result) => {
    onDone(result.message);
    setRejecting(false);
  });
  if (!rejecting)
    return (
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button
          size="sm"
          variant="success"
          disabled={review.isPending}
          onClick={accept}
          aria-label={`Accept ${item.name}`}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => setRejecting(true)}
          aria-label={`Reject ${item.name}`}
        >
          Reject
        </Button>
        {acceptError && <span className="text-danger small">{acceptError}</span>}
      </div>
    );
  return (
    <Form noValidate className="mt-2" onSubmit={reject}>
      {form.feedback.alerts}
      <Form.Label htmlFor={id} className="small mb-1">
        Reason for the client
      </Form.Label>
      <Form.Control id={id} size="sm" maxLength={500} {...invalidAttributes(id, error)} {...form.register('reason')} />
      <FieldError controlId={id} error={error} />
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" variant="danger" disabled={review.isPending}>
          Reject
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRejecting(false)}>
          Back
        </Button>
      </div>
    </Form>
  );
}
