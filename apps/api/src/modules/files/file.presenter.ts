import { FILE_MESSAGES, type FileEntry, type FolderEntry, isPreviewable } from '@portal/contract/files';
import type { Actor } from '../../auth/actor.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { deletesWholeFolders, readsHistoryOf, seenBy } from './file-access.js';
import { signFileLink } from './file-links.js';
import type { FileListRow, FolderRow } from './files.repository.js';

/** Who uploaded or created a row, by name; a removed user reads "Former user". */
export const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || 'Former user';

/** `service`: the client service the folder is in, as the access table reads it. */
export function presentFolder(row: FolderRow, actor: Actor, service: TargetFacts): FolderEntry {
  const item = clientItemTarget(service, { ownerId: row.created_by, clientMayDelete: false });
  const mayDelete = authorize(actor, 'folder.delete', item);
  return {
    folder_id: row.id,
    folder_name: row.folder_name,
    user: nameOf(row.creator_first_name, row.creator_last_name),
    user_id: row.created_by,
    service_id: row.service_id,
    created_at: row.created_at,
    children: row.children,
    files: row.files,
    visibility: row.visibility,
    permissions: { delete: mayDelete, visibility: authorize(actor, 'file.visibility', item) },
    cannot_delete_reason:
      mayDelete && (row.children > 0 || row.files > 0) && !deletesWholeFolders(actor, service)
        ? FILE_MESSAGES.folderNotEmpty
        : null,
  };
}

export function presentFile(
  row: FileListRow,
  actor: Actor,
  service: TargetFacts,
  links: { appKey: string; now: Date },
): FileEntry {
  const link = signFileLink(links.appKey, row.id, actor.id, links.now);
  const item = clientItemTarget(service, { ownerId: row.owner_id, clientMayDelete: row.client_can_delete === 1 });
  return {
    file_id: row.id,
    file_name: row.file_name,
    service_id: row.service_id,
    folder_id: row.folder_id,
    user: nameOf(row.uploader_first_name, row.uploader_last_name),
    created_at: row.created_at,
    size: row.size_bytes,
    mime_type: row.mime_type,
    notes: row.notes,
    is_deleted: row.client_can_delete === 1 ? 1 : 0,
    visibility: row.visibility,
    permissions: {
      delete: authorize(actor, 'file.delete', item),
      // What the client uploaded stays shared with it.
      visibility: row.uploaded_by !== row.client_id && authorize(actor, 'file.visibility', item),
    },
    previewable: isPreviewable(row.mime_type),
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
    version_count: readsHistoryOf(actor, seenBy(actor, service), row) ? row.version_count : 1,
  };
}
