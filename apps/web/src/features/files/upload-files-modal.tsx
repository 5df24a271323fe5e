import { FILE_MESSAGES, type FileVisibility, fileUploadFieldsSchema } from '@portal/contract/files';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '../../components/dialog-header';
import { MessageAlert } from '../../components/message-alert';
import { TakePhotoButton } from '../../components/take-photo-button';
import { useContractForm } from '../../components/use-contract-form';
import { readApiError } from '../../lib/api-error';
import { usePortalSettings } from '../../lib/portal-settings';
import { type FilesTarget, uploadOneFile, useRefreshFiles } from './files-api';
import { type QueuedUpload, UploadQueueItem } from './upload-queue-item';
import { VisibilityChoice } from './visibility-choice';

type UploadFilesModalProps = {
  show: boolean;
  target: FilesTarget;
  /** Staff choose "Can Client Delete?"; a client is not asked (it may always delete its own uploads). */
  askCanDelete: boolean;
  /** Staff choose who sees the files; what a client uploads is shared with it. */
  chooseVisibility: boolean;
  onClose: () => void;
};

const MB = 1024 * 1024;

type UploadChoice = { is_deleted: '' | '0' | '1'; visibility: FileVisibility };
// The contract's own fields: staff must choose ("Can Client Delete?"); a client is not asked.
const choiceSchema = fileUploadFieldsSchema.pick({ is_deleted: true, visibility: true });
const FRESH_CHOICE: UploadChoice = { is_deleted: '', visibility: 'shared' };

/**
 * Add File: several files by picker or drag and drop, each with its own note, progress and cancel. A
 * file over the portal's limit is refused here, before a byte is sent.
 */
export function UploadFilesModal({ show, target, askCanDelete, chooseVisibility, onClose }: UploadFilesModalProps) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useContractForm<UploadChoice, { is_deleted?: '0' | '1' | undefined; visibility?: FileVisibility }>({
    schema: choiceSchema,
    defaultValues: FRESH_CHOICE,
    toBody: (values) => ({
      ...(askCanDelete ? { is_deleted: values.is_deleted } : {}),
      ...(chooseVisibility ? { visibility: values.visibility } : {}),
    }),
    showSuccess: false,
  });
  const { reset, register, feedback } = form;
  const canDeleteError = form.errors.is_deleted?.message;
  const [dragging, setDragging] = useState(false);
  const refresh = useRefreshFiles(target.clientId);
  const settings = usePortalSettings();
  const maxMb = settings.data?.max_upload_mb;
  const picker = useRef<HTMLInputElement>(null);
  const busy = uploads.some((upload) => upload.state === 'uploading');

  useEffect(() => {
    if (!show) return;
    setUploads([]);
    reset(FRESH_CHOICE);
    setFileError(undefined);
  }, [show, reset]);

  const update = (key: string, change: Partial<QueuedUpload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const addFiles = (files: FileList | File[]) => {
    const added = [...files].map((file): QueuedUpload => {
      const tooLarge = maxMb !== undefined && file.size > maxMb * MB;
      return {
        key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
        file,
        notes: '',
        progress: 0,
        state: tooLarge ? 'refused' : 'waiting',
        ...(tooLarge ? { error: FILE_MESSAGES.fileTooLarge(maxMb) } : {}),
        controller: new AbortController(),
      };
    });
    setUploads((current) => [...current.filter((upload) => upload.state !== 'done'), ...added]);
    setFileError(undefined);
  };

  const waitingUploads = () => uploads.filter((upload) => upload.state === 'waiting' || upload.state === 'failed');
  // The files are no form field: their check runs beside the schema's, so both errors show at once.
  const checkFiles = () => {
    const missing = waitingUploads().length === 0;
    setFileError(missing ? FILE_MESSAGES.fileRequired : undefined);
    return !missing;
  };
  const start = form.handleSubmit(async (choice) => {
    if (!checkFiles()) return;
    const waiting = waitingUploads();
    await Promise.all(
      waiting.map(async (upload) => {
        const controller = new AbortController();
        update(upload.key, { state: 'uploading', progress: 0, error: undefined, controller });
        try {
          await uploadOneFile({
            file: upload.file,
            notes: upload.notes,
            clientCanDelete: askCanDelete ? choice.is_deleted === '1' : undefined,
            visibility: chooseVisibility ? choice.visibility : undefined,
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
  }, checkFiles);

  const allDone = uploads.length > 0 && uploads.every((upload) => upload.state === 'done');

  return (
    <Modal show={show} onHide={busy ? undefined : onClose} size="lg" aria-labelledby="upload-title">
      <DialogHeader titleId="upload-title" closeButton={!busy}>
        Add File
      </DialogHeader>
      <Modal.Body>
        {feedback.alerts}
        {allDone && <MessageAlert variant="success" messages={FILE_MESSAGES.fileUploaded} />}
        <section
          aria-label="Drop files here"
          className={`drop-zone rounded p-4 text-center mb-3 ${dragging ? 'drop-zone-active' : ''} ${fileError ? 'border-danger' : ''}`}
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
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Button variant="outline-primary" onClick={() => picker.current?.click()}>
              Choose files
            </Button>
            <TakePhotoButton subject="a document" onPhoto={(photo) => addFiles([photo])} />
          </div>
          {maxMb !== undefined && <p className="text-muted small mt-2 mb-0">{FILE_MESSAGES.uploadLimit(maxMb)}</p>}
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
          {fileError && (
            <div className="text-danger small mt-2" role="alert">
              {fileError}
            </div>
          )}
        </section>
        {uploads.length > 0 && (
          <ListGroup as="ul" className="mb-3" aria-label="Files to upload">
            {uploads.map((upload) => (
              <UploadQueueItem
                key={upload.key}
                upload={upload}
                onNotes={(notes) => update(upload.key, { notes })}
                onRemove={() => setUploads((current) => current.filter((entry) => entry.key !== upload.key))}
              />
            ))}
          </ListGroup>
        )}
        {askCanDelete && (
          <Form.Group as="fieldset" aria-describedby={canDeleteError ? 'can-delete-error' : undefined}>
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
                  label={choice === 'yes' ? 'Yes' : 'No'}
                  value={choice === 'yes' ? '1' : '0'}
                  isInvalid={!!canDeleteError}
                  {...register('is_deleted')}
                />
              ))}
            </div>
            {canDeleteError && (
              <div className="text-danger small" id="can-delete-error" role="alert">
                {canDeleteError}
              </div>
            )}
          </Form.Group>
        )}
        {chooseVisibility && <VisibilityChoice field={register('visibility')} idPrefix="upload" />}
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
