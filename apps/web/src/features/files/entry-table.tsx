import type { FileEntry, FolderEntry } from '@portal/contract/files';
import { useState } from 'react';
import Download from 'react-bootstrap-icons/dist/icons/download';
import Eye from 'react-bootstrap-icons/dist/icons/eye';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { ConfirmModal } from '../../components/confirm-modal';
import { ACTION_COLUMN, type DataColumn, DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { followDownload, isLinkStale } from '../../lib/download-links';
import { formatDate } from '../../lib/format';
import { EntrySize, FileName, FolderName } from './entry-name';
import { FilePreviewModal } from './file-preview-modal';
import { FileVersionsModal } from './file-versions-modal';
import { useChangeVisibility, useRemoveEntry } from './files-api';
import { describeChange, type Target, VisibilityAction, type VisibilityChange } from './visibility-choice';

type Entry = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry };
const itemOf = (entry: Entry): FolderEntry | FileEntry => (entry.kind === 'folder' ? entry.folder : entry.file);

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
  const renderFileActions = (file: FileEntry) => (
    <>
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
    </>
  );
  const columns: DataColumn<Entry>[] = [
    {
      header: 'Name',
      label: false,
      cellClassName: 'entry-name',
      cell: (entry) =>
        entry.kind === 'folder' ? (
          <FolderName folder={entry.folder} to={`${basePath}/${serviceId}/${entry.folder.folder_id}`} />
        ) : (
          <FileName file={entry.file} onVersions={setVersionsOf} />
        ),
    },
    { header: 'Added by', cell: (entry) => itemOf(entry).user },
    { header: 'Date', cell: (entry) => formatDate(itemOf(entry).created_at) },
    {
      header: 'Size',
      cellClassName: (entry) => (entry.kind === 'folder' ? 'text-muted small' : 'text-nowrap'),
      cell: (entry) => <EntrySize entry={entry} />,
    },
    {
      ...ACTION_COLUMN,
      cellClassName: 'entry-actions text-nowrap',
      cell: (entry) =>
        entry.kind === 'folder'
          ? renderChanges(
              { kind: 'folder', id: entry.folder.folder_id, name: entry.folder.folder_name },
              entry.folder,
              `Delete folder ${entry.folder.folder_name}`,
              entry.folder.cannot_delete_reason,
            )
          : renderFileActions(entry.file),
    },
  ];
  const entries: Entry[] = [
    ...folders.map((folder) => ({ kind: 'folder' as const, folder })),
    ...files.map((file) => ({ kind: 'file' as const, file })),
  ];

  return (
    <>
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <DataTable<Entry>
        columns={columns}
        rows={loading ? undefined : entries}
        loading={loading}
        loadingLabel="Loading folder"
        emptyText={emptyText}
        layout="rows"
        className="mb-0"
        rowKey={(entry) =>
          entry.kind === 'folder' ? `folder-${entry.folder.folder_id}` : `file-${entry.file.file_id}`
        }
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
