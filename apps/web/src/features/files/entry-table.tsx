import type { FileEntry, FolderEntry } from '@portal/contract/files';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Download from 'react-bootstrap-icons/dist/icons/download';
import Eye from 'react-bootstrap-icons/dist/icons/eye';
import FileEarmark from 'react-bootstrap-icons/dist/icons/file-earmark';
import Folder2 from 'react-bootstrap-icons/dist/icons/folder2';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { followDownload, isLinkStale } from '../../lib/download-links';
import { formatDate } from '../../lib/format';
import { formatBytes } from '../../lib/format-bytes';
import { FilePreviewModal } from './file-preview-modal';
import { FileVersionsModal } from './file-versions-modal';
import { useChangeVisibility, useRemoveEntry } from './files-api';
import {
  describeChange,
  FirmOnlyBadge,
  type Target,
  VisibilityAction,
  type VisibilityChange,
} from './visibility-choice';

type Entry = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry };
const ENTRY_COLUMNS = ['Name', 'Added by', 'Date', 'Size', { header: 'Action', className: 'text-end' }];

type EntryTableProps = {
  basePath: string;
  clientId: number;
  serviceId: number;
  folders: FolderEntry[];
  files: FileEntry[];
  loading: boolean;
  emptyText: string;
  /** Lists the entries again (fresh download links); resolves to the files as now listed. */
  reload: () => Promise<FileEntry[]>;
};

/**
 * Folders and files of one level. Below the small breakpoint each row stacks into a card with its
 * actions on screen (styles/app.css `.stack-table`), so nothing scrolls sideways on a phone.
 */
export function EntryTable({
  basePath,
  clientId,
  serviceId,
  folders,
  files,
  loading,
  emptyText,
  reload,
}: EntryTableProps) {
  const remove = useRemoveEntry(clientId);
  const changeVisibility = useChangeVisibility(clientId);
  const [toDelete, setToDelete] = useState<Target | null>(null);
  const [toChange, setToChange] = useState<VisibilityChange | null>(null);
  const [preview, setPreview] = useState<FileEntry | null>(null);
  const [versionsOf, setVersionsOf] = useState<FileEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ kind: toDelete.kind, id: toDelete.id });
    } catch (error) {
      setFailure(readApiError(error).message);
    }
    setToDelete(null);
  };

  const confirmChange = async () => {
    if (!toChange) return;
    try {
      await changeVisibility.mutateAsync(toChange);
    } catch (error) {
      setFailure(readApiError(error).message);
    }
    setToChange(null);
  };
  const change = describeChange(toChange);

  // A page left open past a link's life fetches a fresh link instead of sending the person to a refusal.
  const download = async (event: React.MouseEvent<HTMLElement>, file: FileEntry) => {
    if (!isLinkStale(file)) return;
    event.preventDefault();
    const fresh = (await reload()).find((entry) => entry.file_id === file.file_id);
    if (fresh) followDownload(fresh.download_url);
    else setFailure('This file is no longer here.');
  };

  /** What an entry's permissions let the caller change: who sees it, and deleting it (a folder may say why not). */
  const renderChanges = (
    target: Target,
    entry: FolderEntry | FileEntry,
    deleteLabel: string,
    cannotDeleteReason?: string | null,
  ) => (
    <>
      {entry.permissions.visibility && (
        <VisibilityAction target={target} visibility={entry.visibility} onChoose={setToChange} />
      )}
      {entry.permissions.delete && (
        <IconAction
          label={deleteLabel}
          icon={<Trash aria-hidden />}
          danger
          blockedReason={cannotDeleteReason}
          onBlocked={setFailure}
          onClick={() => setToDelete(target)}
        />
      )}
    </>
  );
  const renderFolder = (folder: FolderEntry) => (
    <tr key={`folder-${folder.folder_id}`}>
      <td className="entry-name">
        <Link to={`${basePath}/${serviceId}/${folder.folder_id}`} className="d-inline-flex align-items-center gap-2">
          <Folder2 aria-hidden className="text-warning" />
          {folder.folder_name}
        </Link>
        {folder.visibility === 'firm' && <FirmOnlyBadge />}
      </td>
      <td data-label="Added by">{folder.user}</td>
      <td data-label="Date">{formatDate(folder.created_at)}</td>
      <td data-label="Size" className="text-muted small">
        {folder.children + folder.files} item{folder.children + folder.files === 1 ? '' : 's'}
      </td>
      <td className="entry-actions text-nowrap">
        {renderChanges(
          { kind: 'folder', id: folder.folder_id, name: folder.folder_name },
          folder,
          `Delete folder ${folder.folder_name}`,
          folder.cannot_delete_reason,
        )}
      </td>
    </tr>
  );
  const renderFile = (file: FileEntry) => (
    <tr key={`file-${file.file_id}`}>
      <td className="entry-name">
        <span className="d-inline-flex align-items-center gap-2">
          <FileEarmark aria-hidden />
          <span className="text-break">
            {file.file_name}
            {file.visibility === 'firm' && <FirmOnlyBadge />}
            {file.notes && <div className="text-muted small">{file.notes}</div>}
            {file.version_count > 1 && (
              <div>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 small"
                  aria-label={`${file.version_count} versions of ${file.file_name}`}
                  onClick={() => setVersionsOf(file)}
                >
                  {file.version_count} versions
                </Button>
              </div>
            )}
          </span>
        </span>
      </td>
      <td data-label="Added by">{file.user}</td>
      <td data-label="Date">{formatDate(file.created_at)}</td>
      <td data-label="Size" className="text-nowrap">
        {formatBytes(file.size)} <span className="text-muted small">{file.mime_type.split('/').pop()}</span>
      </td>
      <td className="entry-actions text-nowrap">
        {file.previewable && (
          <IconAction label={`Preview ${file.file_name}`} icon={<Eye aria-hidden />} onClick={() => setPreview(file)} />
        )}
        <IconAction
          label={`Download ${file.file_name}`}
          icon={<Download aria-hidden />}
          href={file.download_url}
          download
          onClick={(event) => void download(event, file)}
        />
        {renderChanges({ kind: 'file', id: file.file_id, name: file.file_name }, file, `Delete ${file.file_name}`)}
      </td>
    </tr>
  );
  const entries: Entry[] = [
    ...folders.map((folder) => ({ kind: 'folder' as const, folder })),
    ...files.map((file) => ({ kind: 'file' as const, file })),
  ];

  return (
    <>
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <DataTable<Entry>
        columns={ENTRY_COLUMNS}
        rows={loading ? undefined : entries}
        loading={loading}
        loadingLabel="Loading folder"
        emptyText={emptyText}
        layout="rows"
        className="mb-0"
        renderRow={(entry) => (entry.kind === 'folder' ? renderFolder(entry.folder) : renderFile(entry.file))}
      />
      <ConfirmModal
        show={toDelete !== null}
        title={toDelete?.kind === 'folder' ? 'Delete Folder' : 'Delete File'}
        text={`Delete ${toDelete?.name ?? ''}${toDelete?.kind === 'folder' ? ' with everything in it' : ''}? It goes to the trash, where it can be restored until its time there ends.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmModal
        show={toChange !== null}
        title={change.title}
        text={change.text}
        confirmLabel={change.confirm}
        busy={changeVisibility.isPending}
        onCancel={() => setToChange(null)}
        onConfirm={confirmChange}
      />
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
      <FileVersionsModal clientId={clientId} file={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
