import { FILE_TRASH_MESSAGES as M, type TrashListQuery, type TrashPage } from '@portal/contract/file-trash';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { failNotFound } from '../../http/http-error.js';
import { rulesFor } from '../../policy/access-table.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { readTrashDays } from '../firm-settings/firm-settings.service.js';
import { assertServiceAccess } from './file-access.js';
import { type EventBy, recordFileEvent } from './file-events.js';
import { presentTrashEntry } from './file-trash.presenter.js';
import {
  findTrashEntry,
  insertTrashEntry,
  listLiveFilesIn,
  listLiveFolderTree,
  listTrashEntries,
  lockTrashEntry,
  markTrashed,
  type TrashEntryRow,
  type TrashView,
} from './file-trash.repository.js';
import { type FileRow, type FolderRow, isFolderFirmOnly, listFolderPath } from './files.repository.js';

/**
 * The trash of a client service (issue 25, docs/decisions/0043): deleting a file or folder moves it, with
 * everything under it, into its service's trash, where it stays the firm's period (`trash_days`); there it
 * is out of every list, count, ZIP, version list and link, and its blobs stay. Restoring and deleting for
 * good are in file-trash-restore.service.ts and file-trash-purge.service.ts.
 */

/** Where an item was, for its entry: the folders' names down to it, and whether one of them was firm-only. */
async function describeOrigin(trx: Kysely<DB>, folderId: number | null) {
  const path = folderId === null ? [] : await listFolderPath(trx, folderId);
  return {
    from_folder_id: folderId,
    // Folder names never hold a slash (`folderNameSchema`), so the path is kept as one text.
    from_path: path.map((entry) => entry.folder_name).join('/'),
    firmOnlyAbove: path.some((entry) => entry.visibility === 'firm'),
  };
}

/** An item leaving its place for the trash: a file, or a folder with everything below it. */
type LeavingItem = {
  type: 'file' | 'folder';
  id: number;
  name: string;
  row: { client_id: number; service_id: number; visibility: string };
  parentId: number | null;
  contents: { files: number; bytes: number };
};

/**
 * Writes the item's trash entry: where it was, and firm-only when it or a folder above it was (the
 * client then never sees the entry). Answers the entry's id.
 */
async function insertEntryOf(
  trx: Kysely<DB>,
  item: LeavingItem,
  deleted: { firmId: number | null; by: EventBy; at: string },
): Promise<number> {
  const origin = await describeOrigin(trx, item.parentId);
  return insertTrashEntry(trx, {
    client_id: item.row.client_id,
    service_id: item.row.service_id,
    firm_id: deleted.firmId,
    item_type: item.type,
    item_id: item.id,
    item_name: item.name,
    from_folder_id: origin.from_folder_id,
    from_path: origin.from_path,
    firm_only: item.row.visibility === 'firm' || origin.firmOnlyAbove ? 1 : 0,
    file_count: item.contents.files,
    size_bytes: item.contents.bytes,
    deleted_by: deleted.by.actor.id,
    deleted_at: deleted.at,
  });
}

/** `DELETE /api/file/remove/:id`, once allowed: the file, with its versions, goes to the trash. */
export async function moveFileToTrash(
  context: AppContext,
  file: FileRow,
  service: TargetFacts,
  audited: EventBy,
): Promise<void> {
  const at = audited.at.toISOString();
  await context.db.transaction().execute(async (trx) => {
    const trashId = await insertEntryOf(
      trx,
      {
        type: 'file',
        id: file.id,
        name: file.file_name,
        row: file,
        parentId: file.folder_id,
        contents: { files: 1, bytes: file.size_bytes },
      },
      { firmId: service.firmId, by: audited, at },
    );
    await markTrashed(trx, 'files', [file.id], { deleted_at: at, deleted_by: audited.actor.id, trash_id: trashId });
    await recordFileEvent(trx, 'file.delete', { kind: 'file', id: file.id, clientId: file.client_id }, audited, {
      file_name: file.file_name,
      trash_id: trashId,
    });
  });
}

/**
 * `DELETE /api/folder/remove/:id`, once allowed: the folder and every live folder and file below it go to
 * the trash as one entry, so a restore brings the whole tree back. Items already in the trash keep their
 * own entries.
 */
export async function moveFolderToTrash(
  context: AppContext,
  folder: FolderRow,
  service: TargetFacts,
  audited: EventBy,
): Promise<void> {
  const at = audited.at.toISOString();
  await context.db.transaction().execute(async (trx) => {
    const folderIds = await listLiveFolderTree(trx, folder.id);
    const files = await listLiveFilesIn(trx, folderIds);
    const trashId = await insertEntryOf(
      trx,
      {
        type: 'folder',
        id: folder.id,
        name: folder.folder_name,
        row: folder,
        parentId: folder.parent_id,
        contents: { files: files.length, bytes: files.reduce((sum, file) => sum + file.size_bytes, 0) },
      },
      { firmId: service.firmId, by: audited, at },
    );
    const marks = { deleted_at: at, deleted_by: audited.actor.id, trash_id: trashId };
    await markTrashed(trx, 'folders', folderIds, marks);
    await markTrashed(
      trx,
      'files',
      files.map((file) => file.id),
      marks,
    );
    await recordFileEvent(
      trx,
      'folder.delete',
      { kind: 'folder', id: folder.id, clientId: folder.client_id },
      audited,
      { folder_name: folder.folder_name, trash_id: trashId, files: files.length, folders: folderIds.length },
    );
  });
}

/**
 * What the caller sees of a service's trash: staff who may restore anything there (`file.restore`,
 * `reachable`) see it all; anyone else (a client) only what it deleted itself. Only who sees firm-only
 * items (`file.firm_only`) sees entries that were firm-only, or deleted from inside a firm-only folder.
 */
export function trashViewOf(actor: Actor, service: TargetFacts): TrashView {
  const whole = rulesFor(actor.role, 'file.restore').some((rule) => rule.relation === 'reachable');
  return {
    sharedOnly: !authorize(actor, 'file.firm_only', service),
    ...(whole ? {} : { deletedBy: actor.id }),
  };
}

/** Whether the view holds one entry: the same rules as the list, for one entry found by id. */
async function isEntryInView(context: AppContext, view: TrashView, entry: TrashEntryRow): Promise<boolean> {
  if (view.deletedBy !== undefined && entry.deleted_by !== view.deletedBy) return false;
  if (!view.sharedOnly) return true;
  if (entry.firm_only === 1) return false;
  return entry.from_folder_id === null || !(await isFolderFirmOnly(context.db, entry.from_folder_id));
}

/** A trashed item as the target of `file.restore` and `file.purge`: judged by who deleted it. */
export const trashItemOf = (service: TargetFacts, entry: TrashEntryRow): TargetFacts => ({
  ...service,
  item: { ownerId: null, clientMayDelete: false, deletedBy: entry.deleted_by },
});

/**
 * A trash entry the caller sees, with its client service: 404 when it is not there, out of the caller's
 * reach, or not in its view of the trash (a client's, another's deletion or a firm-only item).
 */
export async function findEntryInView(
  context: AppContext,
  actor: Actor,
  trashId: number,
): Promise<{ entry: TrashEntryRow; service: TargetFacts }> {
  const entry = await findTrashEntry(context.db, trashId);
  if (!entry) failNotFound(M.entryNotFound);
  const service = await assertServiceAccess(context, actor, entry.client_id, entry.service_id);
  if (!(await isEntryInView(context, trashViewOf(actor, service), entry))) failNotFound(M.entryNotFound);
  return { entry, service };
}

/**
 * Locks a trash entry for the rest of the transaction and answers whether it is still there (another
 * request may have restored it, or deleted it for good, since it was read).
 */
export async function lockRemainingTrashEntry(trx: Kysely<DB>, dialect: DialectName, id: number): Promise<boolean> {
  await lockTrashEntry(trx, dialect, id);
  return (await findTrashEntry(trx, id)) !== undefined;
}

/** `GET /api/trash/:client_id/:service_id`: a page of the service's trash as the caller sees it. */
export async function listServiceTrash(
  context: AppContext,
  actor: Actor,
  ids: { clientId: number; serviceId: number },
  page: TrashListQuery,
): Promise<TrashPage> {
  const service = await assertServiceAccess(context, actor, ids.clientId, ids.serviceId);
  const view = trashViewOf(actor, service);
  const [rows, days] = await Promise.all([
    listTrashEntries(context.db, ids, { ...page, ...view }),
    readTrashDays(context.db, service.firmId),
  ]);
  const shown = rows.slice(0, page.limit);
  const now = context.clock.now();
  return {
    entries: shown.map((row) =>
      presentTrashEntry(row, {
        days,
        now,
        permissions: {
          restore: authorize(actor, 'file.restore', trashItemOf(service, row)),
          purge: authorize(actor, 'file.purge', trashItemOf(service, row)),
        },
      }),
    ),
    next: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
    trash_days: days,
  };
}
