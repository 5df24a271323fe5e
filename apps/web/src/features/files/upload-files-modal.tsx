import { FILE_MESSAGES } from '@portal/contract/files';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { uploadOneFile, useRefreshFiles } from './files-api';
import { formatBytes } from './format-bytes';

type UploadState = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
type Upload = {
  key: string;
  file: File;
  progress: number;
  state: UploadState;
  error?: string;
  controller: AbortController;
};

type UploadFilesModalProps = {
  show: boolean;
  target: { clientId: number; serviceId: number; folderId: number };
  onClose: () => void;
};

/** Add File: several files by picker or drag and drop, each with progress and cancel. */
export function UploadFilesModal({ show, target, onClose }: UploadFilesModalProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notes, setNotes] = useState('');
  const [canDelete, setCanDelete] = useState<'' | 'yes' | 'no'>('');
  const [errors, setErrors] = useState<{ file?: string; canDelete?: string }>({});
  const [dragging, setDragging] = useState(false);
  const refresh = useRefreshFiles(target.clientId);
  const picker = useRef<HTMLInputElement>(null);
  const busy = uploads.some((upload) => upload.state === 'uploading');

  useEffect(() => {
    if (!show) return;
    setUploads([]);
    setNotes('');
    setCanDelete('');
    setErrors({});
  }, [show]);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const addFiles = (files: FileList | File[]) => {
    const added = [...files].map((file) => ({
      key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      file,
      progress: 0,
      state: 'waiting' as const,
      controller: new AbortController(),
    }));
    setUploads((current) => [...current.filter((upload) => upload.state !== 'done'), ...added]);
    setErrors((current) => ({ ...current, file: undefined }));
  };

  const start = async () => {
    const waiting = uploads.filter((upload) => upload.state === 'waiting' || upload.state === 'failed');
    const problems = {
      file: waiting.length === 0 ? FILE_MESSAGES.fileRequired : undefined,
      canDelete: canDelete === '' ? FILE_MESSAGES.canDeleteRequired : undefined,
    };
    setErrors(problems);
    if (problems.file || problems.canDelete) return;
    await Promise.all(
      waiting.map(async (upload) => {
        const controller = new AbortController();
        update(upload.key, { state: 'uploading', progress: 0, error: undefined, controller });
        try {
          await uploadOneFile({
            file: upload.file,
            notes,
            clientCanDelete: canDelete === 'yes',
            target,
            signal: controller.signal,
            onProgress: (fraction) => update(upload.key, { progress: Math.round(fraction * 100) }),
          });
          update(upload.key, { state: 'done', progress: 100 });
        } catch (error) {
          if (controller.signal.aborted) update(upload.key, { state: 'cancelled' });
          else update(upload.key, { state: 'failed', error: readApiError(error).message });
        }
      }),
    );
    await refresh();
  };

  const allDone = uploads.length > 0 && uploads.every((upload) => upload.state === 'done');

  return (
    <Modal show={show} onHide={busy ? undefined : onClose} size="lg" aria-labelledby="upload-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5" id="upload-title">
          Add File
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {allDone && <MessageAlert variant="success" messages={FILE_MESSAGES.fileUploaded} />}
        <section
          aria-label="Drop files here"
          className={`drop-zone rounded p-4 text-center mb-3 ${dragging ? 'drop-zone-active' : ''} ${errors.file ? 'border-danger' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            addFiles(event.dataTransfer.files);
          }}
        >
          <p className="mb-2">Drop files here, or</p>
          <Button variant="outline-primary" onClick={() => picker.current?.click()}>
            Choose files
          </Button>
          <Form.Control
            ref={picker}
            type="file"
            multiple
            className="d-none"
            aria-label="Files to upload"
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              if (input.files) addFiles(input.files);
              input.value = '';
            }}
          />
          {errors.file && <div className="text-danger small mt-2">{errors.file}</div>}
        </section>
        {uploads.length > 0 && (
          <ListGroup className="mb-3" aria-label="Files to upload">
            {uploads.map((upload) => (
              <ListGroup.Item key={upload.key}>
                <div className="d-flex justify-content-between align-items-center gap-2">
                  <span className="text-truncate">
                    {upload.file.name} <span className="text-muted small">({formatBytes(upload.file.size)})</span>
                  </span>
                  {upload.state === 'uploading' ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => upload.controller.abort()}
                      aria-label={`Cancel ${upload.file.name}`}
                    >
                      Cancel
                    </Button>
                  ) : (
                    <span className="small text-muted">
                      {upload.state === 'done'
                        ? 'Uploaded'
                        : upload.state === 'cancelled'
                          ? 'Cancelled'
                          : upload.state === 'failed'
                            ? 'Failed'
                            : 'Ready'}
                    </span>
                  )}
                </div>
                {(upload.state === 'uploading' || upload.state === 'done') && (
                  <ProgressBar
                    now={upload.progress}
                    label={`${upload.progress}%`}
                    className="mt-2"
                    aria-label={`Progress of ${upload.file.name}`}
                  />
                )}
                {upload.error && <div className="text-danger small mt-1">{upload.error}</div>}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Form.Group className="mb-3" controlId="upload-notes">
          <Form.Label>Notes</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Form.Group>
        <Form.Group>
          <Form.Label as="legend" className="fs-6">
            Can Client Delete?
          </Form.Label>
          <div>
            {(['yes', 'no'] as const).map((choice) => (
              <Form.Check
                inline
                type="radio"
                key={choice}
                id={`can-delete-${choice}`}
                name="can-client-delete"
                label={choice === 'yes' ? 'Yes' : 'No'}
                checked={canDelete === choice}
                isInvalid={!!errors.canDelete}
                onChange={() => {
                  setCanDelete(choice);
                  setErrors((current) => ({ ...current, canDelete: undefined }));
                }}
              />
            ))}
          </div>
          {errors.canDelete && <div className="text-danger small">{errors.canDelete}</div>}
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button onClick={start} disabled={busy}>
          Upload
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
