import type { FileEntry, FolderEntry } from '@portal/contract/files';
import Button from 'react-bootstrap/Button';
import FileEarmark from 'react-bootstrap-icons/dist/icons/file-earmark';
import Folder2 from 'react-bootstrap-icons/dist/icons/folder2';
import { Link } from 'react-router';
import { formatBytes } from '../../lib/format-bytes';
import { FirmOnlyBadge } from './visibility-choice';

/** A folder's name, leading into it, with its firm-only badge. */
export function FolderName({ folder, to }: { folder: FolderEntry; to: string }) {
  return (
    <>
      <Link to={to} className="d-inline-flex align-items-center gap-2">
        <Folder2 aria-hidden className="text-warning" />
        {folder.folder_name}
      </Link>
      {folder.visibility === 'firm' && <FirmOnlyBadge />}
    </>
  );
}

/** A file's name with its badge, its notes, and its versions when it has more than one. */
export function FileName({ file, onVersions }: { file: FileEntry; onVersions: (file: FileEntry) => void }) {
  return (
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
              onClick={() => onVersions(file)}
            >
              {file.version_count} versions
            </Button>
          </div>
        )}
      </span>
    </span>
  );
}

/** A folder's size: how many entries it holds; a file's: its bytes and its type. */
export function EntrySize({ entry }: { entry: { folder: FolderEntry } | { file: FileEntry } }) {
  if ('folder' in entry) {
    const items = entry.folder.children + entry.folder.files;
    return <>{`${items} item${items === 1 ? '' : 's'}`}</>;
  }
  return (
    <>
      {formatBytes(entry.file.size)} <span className="text-muted small">{entry.file.mime_type.split('/').pop()}</span>
    </>
  );
}
