import { FILE_TRASH_MESSAGES, type TrashEntry } from '@portal/contract/file-trash';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import ArrowCounterclockwise from 'react-bootstrap-icons/dist/icons/arrow-counterclockwise';
import FileEarmark from 'react-bootstrap-icons/dist/icons/file-earmark';
import Folder2 from 'react-bootstrap-icons/dist/icons/folder2';
import XCircle from 'react-bootstrap-icons/dist/icons/x-circle';
import { ConfirmModal } from '../../components/confirm-modal';
import { ACTION_COLUMN, type DataColumn, DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { IconAction } from '../../components/icon-action';
import { MessageAlert } from '../../components/message-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { readApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { formatBytes } from '../../lib/format-bytes';
import { usePurgeFromTrash, useRestoreFromTrash, useTrash } from './trash-api';
import { FirmOnlyBadge } from './visibility-choice';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Where an item was: its folders from the top down, or the service's top level. */
const describeOrigin = (entry: TrashEntry) =>
  entry.from_path.length === 0 ? 'Top level' : entry.from_path.join(' / ');

/**
 * A service's trash (docs/decisions/0043): what was deleted there, from where, by whom and when, and how
 * long it stays; restore it, or (staff) delete it for good. A client sees only what it deleted itself.
 */
export function TrashView({ clientId, serviceId }: { clientId: number; serviceId: number }) {
  const trash = useTrash(clientId, serviceId);
  const restore = useRestoreFromTrash(clientId);
  const purge = usePurgeFromTrash(clientId);
  const [toPurge, setToPurge] = useState<TrashEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const bringBack = async (entry: TrashEntry) => {
    setFailure(null);
    try {
      const answer = await restore.mutateAsync(entry.trash_id);
      const renamed = answer.data.name === entry.name ? '' : ` as ${answer.data.name}`;
      const where = answer.message === FILE_TRASH_MESSAGES.restored ? '' : answer.message;
      setNotice(`${entry.name} restored${renamed}. ${where}`.trim());
    } catch (error) {
      setFailure(readApiError(error).message);
    }
  };
  const confirmPurge = async () => {
    if (!toPurge) return;
    try {
      await purge.mutateAsync(toPurge.trash_id);
      setNotice(`${toPurge.name} deleted for good.`);
    } catch (error) {
      setFailure(readApiError(error).message);
    }
    setToPurge(null);
  };

  if (trash.isError) return <FailureAlert of={trash} />;
  const days = trash.data?.trashDays;
  const columns: DataColumn<TrashEntry>[] = [
    {
      header: 'Name',
      cellClassName: 'entry-name',
      cell: (entry) => (
        <span className="d-inline-flex align-items-center gap-2">
          {entry.kind === 'folder' ? <Folder2 aria-hidden className="text-warning" /> : <FileEarmark aria-hidden />}
          <span className="text-break">
            {entry.name}
            {entry.visibility === 'firm' && <FirmOnlyBadge />}
            <div className="text-muted small">
              {entry.kind === 'folder' ? `Folder, ${plural(entry.files, 'file')}, ` : ''}
              {formatBytes(entry.size)}
            </div>
          </span>
        </span>
      ),
      label: false,
    },
    { header: 'Deleted from', cellClassName: 'text-break', cell: describeOrigin },
    { header: 'Deleted by', cell: (entry) => entry.deleted_by },
    { header: 'Deleted on', cell: (entry) => formatDate(entry.deleted_at) },
    { header: 'Days left', cell: (entry) => (entry.days_left === 0 ? 'Today' : entry.days_left) },
    {
      ...ACTION_COLUMN,
      cellClassName: 'entry-actions text-nowrap',
      cell: (entry) => (
        <>
          {entry.permissions.restore && (
            <IconAction
              label={`Restore ${entry.name}`}
              icon={<ArrowCounterclockwise aria-hidden />}
              onClick={() => void bringBack(entry)}
            />
          )}
          {entry.permissions.purge && (
            <IconAction
              label={`Delete ${entry.name} for good`}
              icon={<XCircle aria-hidden />}
              danger
              onClick={() => setToPurge(entry)}
            />
          )}
        </>
      ),
    },
  ];

  return (
    <Card>
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0">Trash</h2>
      </Card.Header>
      <Card.Body>
        {days !== null && days !== undefined && (
          <p className="text-muted small">
            Deleted files and folders stay here for {plural(days, 'day')}, then they are deleted for good.
          </p>
        )}
        <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} autoCloseMs={5000} />
        <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
        <DataTable
          columns={columns}
          rows={trash.data?.entries}
          loading={trash.isPending}
          loadingLabel="Loading the trash"
          emptyText="The trash is empty."
          layout="rows"
          className="mb-0"
          ariaLabel="Trash"
          rowKey={(entry) => entry.trash_id}
        />
        <ShowMoreButton
          pages={trash}
          label="Load more"
          spinnerLabel="Loading more"
          wrapperClassName="text-center mt-3"
        />
      </Card.Body>
      <ConfirmModal
        show={toPurge !== null}
        title="Delete for good"
        text={`${toPurge?.name ?? ''} will be deleted for good, with everything in it. This cannot be undone.`}
        confirmLabel="Delete for good"
        busy={purge.isPending}
        onCancel={() => setToPurge(null)}
        onConfirm={confirmPurge}
      />
    </Card>
  );
}
