import { type FileVisibility, FILE_MESSAGES as M } from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertFileSeen, assertServiceAccess, findFolderOf, seenBy } from './file-access.js';
import { findFile, findFolder, updateVisibility } from './files.repository.js';

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
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await updateVisibility(trx, 'files', file.id, visibility);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'file.visibility',
      entityType: 'file',
      entityId: file.id,
      subjectId: file.client_id,
      ip,
      at: now,
      details: { file_name: file.file_name, visibility },
    });
  });
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
  const now = context.clock.now();
  try {
    await context.db.transaction().execute(async (trx) => {
      await updateVisibility(trx, 'folders', folder.id, visibility);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'folder.visibility',
        entityType: 'folder',
        entityId: folder.id,
        subjectId: folder.client_id,
        ip,
        at: now,
        details: { folder_name: folder.folder_name, visibility },
      });
    });
  } catch (error) {
    // Sibling names are unique per visibility: a shared folder of this name is already there.
    if (isUniqueViolation(error)) failValidation('visibility', M.folderNameTaken);
    throw error;
  }
}
