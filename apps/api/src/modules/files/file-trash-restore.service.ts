import { buildRestoredName, FILE_TRASH_MESSAGES as M, type TrashRestored } from '@portal/contract/file-trash';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, FileVisibility } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failConflict, failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { recordTrashEntryEvent } from './file-events.js';
import {
  deleteTrashEntries,
  findFolderState,
  findTrashedRoot,
  isNameTaken,
  placeRestoredRoot,
  reviveRowsOf,
  type TrashEntryRow,
} from './file-trash.repository.js';
import { findEntryInView, lockRemainingTrashEntry, trashItemOf } from './file-trash.service.js';

const NAME_ATTEMPTS = 50;

/**
 * Where a restored item goes: back into its folder, or to the service's top level when that folder is in
 * the trash itself (or gone). Restoring the folder's chain instead would bring back what someone else
 * deleted on purpose, with all it held; the top level brings back only what was asked (0043). An item
 * that was firm-only through a folder above it stays firm-only at the top level, so restoring never shows
 * the client what it did not see before.
 */
async function chooseDestination(trx: Kysely<DB>, entry: TrashEntryRow, visibility: FileVisibility) {
  if (entry.from_folder_id === null) return { folderId: null, movedToTop: false, visibility };
  const folder = await findFolderState(trx, entry.from_folder_id);
  if (folder && folder.deleted_at === null) return { folderId: folder.id, movedToTop: false, visibility };
  return { folderId: null, movedToTop: true, visibility: entry.firm_only === 1 ? ('firm' as const) : visibility };
}

/**
 * The name it takes there: its own, or "(restored)", "(restored 2)"… when a live item of that name and
 * visibility is in the same place. Never a new version of the live file: that would push the live file's
 * content into history and mix two files' versions; a renamed copy keeps both as they were (0043).
 */
async function chooseName(
  trx: Kysely<DB>,
  entry: TrashEntryRow,
  place: { folderId: number | null; name: string; visibility: FileVisibility },
): Promise<string> {
  const ids = { clientId: entry.client_id, serviceId: entry.service_id, folderId: place.folderId };
  for (let attempt = 0; attempt <= NAME_ATTEMPTS; attempt += 1) {
    const name = attempt === 0 ? place.name : buildRestoredName(place.name, attempt, entry.item_type);
    if (!(await isNameTaken(trx, entry.item_type, { ...ids, name, visibility: place.visibility }))) return name;
  }
  return failConflict(M.nameTaken);
}

/**
 * `POST /api/trash/:id/restore`: the item, with everything deleted with it, is live again where it was
 * (`file.restore`: staff who may delete it; a client what it deleted itself). Audited.
 */
export async function restoreTrashEntry(
  context: AppContext,
  actor: Actor,
  trashId: number,
  ip: string,
): Promise<TrashRestored> {
  const { entry, service } = await findEntryInView(context, actor, trashId);
  if (!authorize(actor, 'file.restore', trashItemOf(service, entry))) failForbidden();
  const at = context.clock.now();
  try {
    return await context.db.transaction().execute(async (trx) => {
      // Restored or deleted for good meanwhile.
      if (!(await lockRemainingTrashEntry(trx, context.dialect, entry.id))) failNotFound(M.entryNotFound);
      const root = await findTrashedRoot(trx, entry.item_type, entry.item_id);
      if (!root) failNotFound(M.entryNotFound);
      const destination = await chooseDestination(trx, entry, root.visibility);
      const name = await chooseName(trx, entry, { ...destination, name: root.name });
      await placeRestoredRoot(trx, entry.item_type, root.id, { ...destination, name });
      await reviveRowsOf(trx, entry.id);
      await deleteTrashEntries(trx, [entry.id]);
      await recordTrashEntryEvent(
        trx,
        'restore',
        entry,
        { actor, ip, at },
        {
          name,
          ...(name === root.name ? {} : { renamed_from: root.name }),
          ...(destination.movedToTop ? { moved_to_top: true } : {}),
        },
      );
      return {
        kind: entry.item_type,
        id: root.id,
        name,
        folder_id: destination.folderId,
        moved_to_top: destination.movedToTop,
      };
    });
  } catch (error) {
    // A folder of the chosen name was made there at the same moment (the sibling-name index).
    if (isUniqueViolation(error)) failConflict(M.nameTaken);
    throw error;
  }
}
