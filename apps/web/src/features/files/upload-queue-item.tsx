import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { NamedProgressBar } from '../../components/named-progress-bar';
import { formatBytes } from '../../lib/format-bytes';

type UploadState = 'waiting' | 'refused' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file of a batch: its own note, its progress, and a way to cancel or drop it. */
export type QueuedUpload = {
  key: string;
  file: File;
  notes: string;
  progress: number;
  state: UploadState;
  error?: string;
  controller: AbortController;
};

const STATE_TEXT: Record<Exclude<UploadState, 'uploading'>, string> = {
  waiting: 'Ready',
  refused: 'Not sent',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

type UploadQueueItemProps = {
  upload: QueuedUpload;
  onNotes: (notes: string) => void;
  onRemove: () => void;
};

export function UploadQueueItem({ upload, onNotes, onRemove }: UploadQueueItemProps) {
  const name = upload.file.name;
  const editable = upload.state === 'waiting' || upload.state === 'failed';
  return (
    <ListGroup.Item as="li">
      <div className="d-flex justify-content-between align-items-center gap-2">
        <span className="text-truncate">
          {name} <span className="text-muted small">({formatBytes(upload.file.size)})</span>
        </span>
        {upload.state === 'uploading' ? (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => upload.controller.abort()}
            aria-label={`Cancel ${name}`}
          >
            Cancel
          </Button>
        ) : (
          <span className="d-flex align-items-center gap-2 small text-muted text-nowrap">
            {STATE_TEXT[upload.state]}
            {upload.state !== 'done' && (
              <Button size="sm" variant="link" className="p-0" onClick={onRemove} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            )}
          </span>
        )}
      </div>
      {(upload.state === 'uploading' || upload.state === 'done') && (
        <NamedProgressBar percent={upload.progress} name={`Progress of ${name}`} className="mt-2" />
      )}
      {upload.error && (
        <div className="text-danger small mt-1" role="alert">
          {upload.error}
        </div>
      )}
      {editable && (
        <Form.Control
          size="sm"
          className="mt-2"
          placeholder="Note for this file (optional)"
          aria-label={`Note for ${name}`}
          maxLength={1000}
          value={upload.notes}
          onChange={(event) => onNotes(event.target.value)}
        />
      )}
      {!editable && upload.notes && <div className="text-muted small mt-1">{upload.notes}</div>}
    </ListGroup.Item>
  );
}
