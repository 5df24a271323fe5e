import { FILE_MESSAGES } from '@portal/contract/files';
import type { DocumentRequest, RequestItem } from '@portal/contract/requests';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { readApiError } from '../../lib/api-error';
import { usePortalSettings } from '../../lib/portal-settings';
import { useReviewRequestItem, useUploadForRequest } from './request-api';

const MB = 1024 * 1024;

export type Notify = (message: string) => void;

/** The client's upload of one document: a file chosen, checked against the size limit, sent. */
export function UploadControl({
  request,
  item,
  onDone,
}: {
  request: DocumentRequest;
  item: RequestItem;
  onDone: Notify;
}) {
  const upload = useUploadForRequest();
  const settings = usePortalSettings();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const id = `upload-${request.id}-${item.id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const maxMb = settings.data?.max_upload_mb;
    if (!file) return setError(FILE_MESSAGES.fileRequired);
    if (maxMb !== undefined && file.size > maxMb * MB) return setError(FILE_MESSAGES.fileTooLarge(maxMb));
    setError(undefined);
    try {
      onDone((await upload.mutateAsync({ requestId: request.id, itemId: item.id, file })).message);
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (failure) {
      const problem = readApiError(failure);
      setError(Object.values(problem.errors).flat()[0] ?? problem.message);
    }
  };
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start mt-2">
      <div className="flex-grow-1">
        <Form.Control
          type="file"
          size="sm"
          id={id}
          aria-label={`File for ${item.name}`}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
          {...invalidAttributes(id, error)}
        />
        <FieldError controlId={id} error={error} />
      </div>
      <Button type="submit" size="sm" disabled={upload.isPending} aria-label={`Upload ${item.name}`}>
        Upload
      </Button>
    </Form>
  );
}

/** Staff's review of an uploaded document: accept, or reject with the reason the client reads. */
export function ReviewControl({
  request,
  item,
  onDone,
}: {
  request: DocumentRequest;
  item: RequestItem;
  onDone: Notify;
}) {
  const review = useReviewRequestItem();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = `reason-${request.id}-${item.id}`;
  const send = async (status: 'accepted' | 'rejected') => {
    try {
      const body = status === 'rejected' ? { status, reason } : { status };
      onDone((await review.mutateAsync({ requestId: request.id, itemId: item.id, body })).message);
      setRejecting(false);
      setError(undefined);
    } catch (failure) {
      const problem = readApiError(failure);
      setError(problem.errors.reason?.join(' ') ?? problem.message);
    }
  };
  if (!rejecting)
    return (
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button
          size="sm"
          variant="success"
          disabled={review.isPending}
          onClick={() => send('accepted')}
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
        {error && <span className="text-danger small">{error}</span>}
      </div>
    );
  return (
    <Form
      noValidate
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send('rejected');
      }}
    >
      <Form.Label htmlFor={id} className="small mb-1">
        Reason for the client
      </Form.Label>
      <Form.Control
        id={id}
        size="sm"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        {...invalidAttributes(id, error)}
      />
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
