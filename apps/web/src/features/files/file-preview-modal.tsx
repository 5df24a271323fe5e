import type { FileEntry } from '@portal/contract/files';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DialogHeader } from '../../components/dialog-header';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { fetchPreviewBlob } from './files-api';

type PreviewState = { url: string | null; failure: string | null };

/** Shows a PDF or an image of a folder in a dialog, from a local copy that is dropped on close. */
export function FilePreviewModal({ file, onClose }: { file: FileEntry | null; onClose: () => void }) {
  const [state, setState] = useState<PreviewState>({ url: null, failure: null });

  useEffect(() => {
    if (!file) return;
    let url: string | null = null;
    let cancelled = false;
    setState({ url: null, failure: null });
    fetchPreviewBlob(file).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, failure: null });
      },
      (error) => {
        if (!cancelled) setState({ url: null, failure: readApiError(error).message });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  return (
    <Modal show={file !== null} onHide={onClose} size="xl" aria-labelledby="preview-title">
      <DialogHeader titleId="preview-title">{file?.file_name}</DialogHeader>
      <Modal.Body className="text-center">
        <MessageAlert variant="danger" messages={state.failure} />
        {file && !state.url && !state.failure && (
          <Spinner animation="border" role="status" aria-label={`Loading preview of ${file.file_name}`} />
        )}
        {file &&
          state.url &&
          (file.mime_type === 'application/pdf' ? (
            <iframe title={`Preview of ${file.file_name}`} src={state.url} className="preview-frame" />
          ) : (
            <img src={state.url} alt={`Preview of ${file.file_name}`} className="preview-image" />
          ))}
      </Modal.Body>
    </Modal>
  );
}
