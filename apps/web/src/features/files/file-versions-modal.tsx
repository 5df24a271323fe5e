import { FILE_MESSAGES, type FileEntry, type FileVersionEntry } from '@portal/contract/files';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DialogHeader } from '../../components/dialog-header';
import { MessageAlert } from '../../components/message-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { readApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { formatBytes } from '../../lib/format-bytes';
import { useFileVersions, useRestoreVersion } from './files-api';

type FileVersionsModalProps = { clientId: number; file: FileEntry | null; onClose: () => void };

/**
 * A file's versions, newest first: each downloads its own content; staff may make an earlier one the
 * current one again (the current one is then kept as a version, so nothing is lost).
 */
export function FileVersionsModal({ clientId, file, onClose }: FileVersionsModalProps) {
  const versions = useFileVersions(clientId, file?.file_id ?? null);
  const restore = useRestoreVersion(clientId);
  const notice = useSuccessNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const data = versions.data;

  const restoreVersion = async (version: FileVersionEntry) => {
    if (!file || version.version_id === null) return;
    setFailure(null);
    try {
      await restore.mutateAsync({ fileId: file.file_id, versionId: version.version_id });
      notice.show(FILE_MESSAGES.versionRestored);
    } catch (error) {
      setFailure(readApiError(error).message);
    }
  };
  const close = () => {
    notice.show(null);
    setFailure(null);
    onClose();
  };

  return (
    <Modal show={file !== null} onHide={close} aria-labelledby="versions-title">
      <DialogHeader titleId="versions-title" className="text-break">
        Versions of {file?.file_name}
      </DialogHeader>
      <Modal.Body>
        {notice.alert}
        <MessageAlert
          variant="danger"
          messages={failure ?? (versions.error ? readApiError(versions.error).message : null)}
        />
        {versions.isPending && file && (
          <Spinner animation="border" role="status" aria-label={`Loading versions of ${file.file_name}`} />
        )}
        {data && (
          <ol className="list-group" aria-label={`Versions of ${data.file_name}`}>
            {data.versions.map((version, index) => {
              const label = version.current ? 'current version' : `version ${data.versions.length - index}`;
              return (
                <li
                  key={version.version_id ?? 'current'}
                  className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
                >
                  <div className="text-break">
                    <div className="fw-semibold">
                      {version.file_name}{' '}
                      {version.current && (
                        <Badge bg="success" className="ms-1">
                          Current
                        </Badge>
                      )}
                    </div>
                    <div className="small text-muted">
                      {version.user}, {formatDateTime(version.created_at)}, {formatBytes(version.size)}
                    </div>
                  </div>
                  <div className="d-flex gap-2">
                    <a
                      className="btn btn-outline-primary btn-sm"
                      href={version.download_url}
                      download
                      aria-label={`Download the ${label}`}
                    >
                      Download
                    </a>
                    {data.permissions.restore && !version.current && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={restore.isPending}
                        aria-label={`Restore the ${label}`}
                        onClick={() => void restoreVersion(version)}
                      >
                        Restore
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
