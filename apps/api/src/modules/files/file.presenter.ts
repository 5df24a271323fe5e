import { FILE_MESSAGES, type FileEntry, type FolderEntry, isPreviewable } from '@portal/contract/files';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { signFileLink } from './file-links.js';
import type { FileRow, FolderRow } from './files.repository.js';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || 'Former user';

/** Why this actor cannot delete the folder now, or null when it can. */
function folderDeleteBlock(row: FolderRow, actor: Actor): string | null {
  const item = clientItemTarget(row.client_id, { ownerId: row.created_by, clientMayDelete: false });
  if (!authorize(actor, 'folder.delete', item)) return FILE_MESSAGES.folderNotYours;
  if (row.children > 0 || row.files > 0) return FILE_MESSAGES.folderNotEmpty;
  return null;
}

export function presentFolder(row: FolderRow, actor: Actor): FolderEntry {
  const block = folderDeleteBlock(row, actor);
  return {
    folder_id: row.id,
    folder_name: row.folder_name,
    user: nameOf(row.creator_first_name, row.creator_last_name),
    user_id: row.created_by,
    service_id: row.service_id,
    created_at: row.created_at,
    children: row.children,
    files: row.files,
    can_delete: block === null,
    cannot_delete_reason: block,
  };
}

export function presentFile(row: FileRow, actor: Actor, links: { appKey: string; now: Date }): FileEntry {
  const link = signFileLink(links.appKey, row.id, actor.id, links.now);
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
    can_delete: authorize(
      actor,
      'file.delete',
      clientItemTarget(row.client_id, { ownerId: row.uploaded_by, clientMayDelete: row.client_can_delete === 1 }),
    ),
    previewable: isPreviewable(row.mime_type),
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
  };
}
