import { DEFAULT_TRASH_DAYS, FILE_TRASH_MESSAGES as M } from '@portal/contract/file-trash';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { recordRemovedBlob } from '../../storage/removed-blobs.js';
import { recordAudit } from '../audit/audit.service.js';
import { listTrashDaysOfFirms } from '../firm-settings/firm-settings.service.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { recordTrashEntryEvent } from './file-events.js';
import { listClientsOnLegalHoldSlot } from './file-hooks.js';
import { deleteTrashEntries, type TrashEntryRow } from './file-trash.repository.js';
import { findEntryInView, lockRemainingTrashEntry, trashItemOf } from './file-trash.service.js';
import {
  deleteFilesAndVersions,
  deleteFoldersDeepestFirst,
  listEntriesOfRows,
  listExpiredEntries,
  listFilesToPurge,
  listFolderSubtree,
  listVersionBlobsOf,
} from './file-trash-purge.repository.js';

type PurgeContext = Pick<AppContext, 'db' | 'files' | 'dialect'>;

/**
 * Deletes one entry's rows for good, in the caller's transaction: the file, or the folder with every folder
 * and file below it (whatever their state, so nothing is left under a folder that is gone), every version,
 * and the entries of items deleted on their own inside it. No blob is removed here: each gets a tombstone,
 * and housekeeping removes it once the backup window has passed, so a purge never races a running backup
 * (storage/removed-blobs.ts, docs/decisions/0016). Answers how many files went.
 */
async function purgeEntryRows(
  context: PurgeContext,
  trx: Kysely<DB>,
  entry: TrashEntryRow,
  at: Date,
): Promise<{ files: number; bytes: number }> {
  const folderIds = entry.item_type === 'folder' ? await listFolderSubtree(trx, entry.item_id) : [];
  const fileIds = entry.item_type === 'file' ? [entry.item_id] : [];
  const files = await listFilesToPurge(trx, { fileIds, folderIds });
  const purgedFileIds = files.map((file) => file.id);
  const versions = await listVersionBlobsOf(trx, purgedFileIds);
  const nested = await listEntriesOfRows(trx, { fileIds: purgedFileIds, folderIds });
  for (const blob of [...files, ...versions])
    await recordRemovedBlob(trx, context.files.keyOf(blob.client_id, blob.store_name), at);
  await deleteFilesAndVersions(trx, purgedFileIds);
  await deleteFoldersDeepestFirst(trx, folderIds);
  await deleteTrashEntries(trx, [...new Set([...nested, entry.id])]);
  return { files: files.length, bytes: files.reduce((sum, file) => sum + file.size_bytes, 0) };
}

/** `DELETE /api/trash/:id`: the item is deleted for good (`file.purge`, the firm's staff). Audited. */
export async function purgeTrashEntry(context: AppContext, actor: Actor, trashId: number, ip: string): Promise<void> {
  const { entry, service } = await findEntryInView(context, actor, trashId);
  if (!authorize(actor, 'file.purge', trashItemOf(service, entry))) failForbidden(M.purgeRefused);
  if ((await listClientsOnLegalHoldSlot.call(context.db)).includes(entry.client_id)) failConflict(M.purgeOnHold);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    if (!(await lockRemainingTrashEntry(trx, context.dialect, entry.id))) failNotFound(M.entryNotFound);
    const purged = await purgeEntryRows(context, trx, entry, at);
    await recordTrashEntryEvent(trx, 'purge', entry, { actor, ip, at }, { name: entry.item_name, files: purged.files });
  });
}

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One batch of expired entries: each client service's in one transaction with one audit event of how many
 * items and files went (no names: the log keeps no personal data of what was erased).
 */
async function purgeBatch(context: AppContext, entries: TrashEntryRow[], at: Date): Promise<number> {
  let purged = 0;
  const byService = new Map<string, TrashEntryRow[]>();
  for (const entry of entries) {
    const key = `${entry.client_id}:${entry.service_id}`;
    byService.set(key, [...(byService.get(key) ?? []), entry]);
  }
  for (const group of byService.values()) {
    const first = group[0] as TrashEntryRow;
    await context.db.transaction().execute(async (trx) => {
      let items = 0;
      let files = 0;
      let bytes = 0;
      for (const entry of group) {
        // Restored, or taken with a folder purged just before it.
        if (!(await lockRemainingTrashEntry(trx, context.dialect, entry.id))) continue;
        const taken = await purgeEntryRows(context, trx, entry, at);
        items += 1;
        files += taken.files;
        bytes += taken.bytes;
      }
      purged += items;
      if (items === 0) return;
      await recordAudit(trx, {
        actorId: null,
        action: 'trash.purge',
        entityType: 'service',
        entityId: first.service_id,
        subjectId: first.client_id,
        at,
        details: { items, files, bytes },
      });
    });
  }
  return purged;
}

/**
 * The scheduled purge: every entry older than its firm's period (`trash_days`, 30 by default) is deleted
 * for good. Firms that chose a period are read one range each; all others share the default. Answers how
 * many entries went.
 */
export async function purgeExpiredTrash(context: AppContext): Promise<number> {
  const now = context.clock.now();
  const chosen = await listTrashDaysOfFirms(context.db);
  const otherFirms = chosen.map((firm) => firm.firm_id);
  const exceptClients = await listClientsOnLegalHoldSlot.call(context.db);
  const ranges = [
    ...chosen.map((firm) => ({ firmId: firm.firm_id, days: firm.trash_days })),
    { firmId: null, days: DEFAULT_TRASH_DAYS },
  ];
  let purged = 0;
  for (const range of ranges) {
    const before = new Date(now.getTime() - range.days * DAY_MS).toISOString();
    for (;;) {
      const batch = await listExpiredEntries(context.db, {
        before,
        firmId: range.firmId,
        otherFirms,
        limit: BATCH,
        exceptClients,
      });
      purged += await purgeBatch(context, batch, now);
      if (batch.length < BATCH) break;
    }
  }
  return purged;
}

/** The trash's scheduled work, hourly: items past their firm's period go for good. */
export const FILE_TRASH_TASKS: ScheduledTask[] = [
  {
    name: 'purge-expired-trash',
    everyMs: 60 * 60 * 1000,
    leaseMs: 60 * 60 * 1000,
    run: async (context) => {
      const purged = await purgeExpiredTrash(context);
      if (purged > 0) context.log.info({ purged }, `Deleted ${purged} item(s) for good from the trash`);
    },
  },
];

export function registerFileTrashTasks(scheduler: Scheduler): void {
  for (const task of FILE_TRASH_TASKS) scheduler.register(task);
}
