import { type FileVisibility, FILE_MESSAGES as M } from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { assertFileSeen, assertServiceAccess, findFolderOf, seenBy } from './file-access.js';
import { recordFileEvent } from './file-events.js';
import { findFile, findFolder, updateVisibility } from './files.repository.js';

/** The new mark and its audit entry, together. */
async function saveVisibility(
  context: AppContext,
  actor: Actor,
  item: { kind: 'file' | 'folder'; id: number; clientId: number; name: string },
  visibility: FileVisibility,
  ip: string,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await updateVisibility(trx, item.kind === 'file' ? 'files' : 'folders', item.id, visibility);
    await recordFileEvent(
      trx,
      `${item.kind}.visibility`,
      { kind: item.kind, id: item.id, clientId: item.clientId },
      { actor, ip, at: context.clock.now() },
      { [`${item.kind}_name`]: item.name, visibility },
    );
  });
}

/**
 * Marks a file firm-only or shares it with the client again (`file.visibility`). A client that does not
 * see it finds no such file (404); a file the client uploaded stays shared (422).
 */
export async function changeFileVisibility(
  context: AppContext,
  actor: Actor,
  fileId: number,
  visibility: FileVisibility,
  ip: string,
): Promise<void> {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  const service = await assertServiceAccess(context, actor, file.client_id, file.service_id);
  await assertFileSeen(context, seenBy(actor, service), file);
  const item = clientItemTarget(service, { ownerId: file.owner_id, clientMayDelete: file.client_can_delete === 1 });
  if (!authorize(actor, 'file.visibility', item)) failForbidden();
  if (visibility === 'firm' && file.uploaded_by === file.client_id)
    failValidation('visibility', M.clientUploadStaysShared);
  if (file.visibility === visibility) return;
  await saveVisibility(
    context,
    actor,
    { kind: 'file', id: file.id, clientId: file.client_id, name: file.file_name },
    visibility,
    ip,
  );
}

/**
 * Marks a folder firm-only (the client then sees neither it nor anything in it) or shares it again (what
 * is inside follows its own marks). Nothing below is rewritten: sharing a folder again never shares a file
 * someone marked firm-only on its own.
 */
export async function changeFolderVisibility(
  context: AppContext,
  actor: Actor,
  folderId: number,
  visibility: FileVisibility,
  ip: string,
): Promise<void> {
  const folder = await findFolder(context.db, folderId);
  if (!folder) failNotFound(M.folderNotFound);
  const service = await assertServiceAccess(context, actor, folder.client_id, folder.service_id);
  await findFolderOf(context, seenBy(actor, service), {
    clientId: folder.client_id,
    serviceId: folder.service_id,
    folderId,
  });
  const item = clientItemTarget(service, { ownerId: folder.created_by, clientMayDelete: false });
  if (!authorize(actor, 'file.visibility', item)) failForbidden();
  if (folder.visibility === visibility) return;
  try {
    await saveVisibility(
      context,
      actor,
      { kind: 'folder', id: folder.id, clientId: folder.client_id, name: folder.folder_name },
      visibility,
      ip,
    );
  } catch (error) {
    // Sibling names are unique per visibility: a shared folder of this name is already there.
    if (isUniqueViolation(error)) failValidation('visibility', M.folderNameTaken);
    throw error;
  }
}
