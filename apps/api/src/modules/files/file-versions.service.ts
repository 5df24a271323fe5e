import { type FileVersions, FILE_MESSAGES as M } from '@portal/contract/files';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import type { EncryptedFile } from '../../encryption/file-cipher.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { recordRemovedBlob } from '../../storage/removed-blobs.js';
import { readFileVersionsKept } from '../firm-settings/firm-settings.service.js';
import { assertFileSeen, assertServiceAccess, links, readsHistoryOf, seenBy } from './file-access.js';
import { type EventBy, recordFileEvent } from './file-events.js';
import { presentFileVersions } from './file-version.presenter.js';
import {
  countVersions,
  deleteVersions,
  type FileContent,
  findVersion,
  insertVersion,
  listVersionsBeyond,
  listVersionsOfFile,
  lockFile,
  updateCurrentContent,
} from './file-versions.repository.js';
import { type FileRow, findFile } from './files.repository.js';

const contentOf = (file: FileRow): FileContent => ({
  file_name: file.file_name,
  store_name: file.store_name,
  size_bytes: file.size_bytes,
  mime_type: file.mime_type,
  sha256: file.sha256,
  key_id: file.key_id,
  uploaded_by: file.uploaded_by,
  created_at: file.created_at,
});

/** A file, and its client service as the access table reads it: 404 when missing or out of the caller's reach. */
async function findReachableFile(context: AppContext, actor: Actor, fileId: number) {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  const service = await assertServiceAccess(context, actor, file.client_id, file.service_id);
  const seen = seenBy(actor, service);
  await assertFileSeen(context, seen, file);
  return { file, service, history: readsHistoryOf(actor, seen, file) };
}

/** The file as the target of `file.delete` and `file.restore_version`. */
const itemOf = (service: TargetFacts, file: FileRow) =>
  clientItemTarget(service, { ownerId: file.owner_id, clientMayDelete: file.client_can_delete === 1 });

/**
 * Drops the versions past the firm's limit (the current one counts), oldest first: each blob leaves a
 * tombstone like a deleted file's (storage/removed-blobs.ts) and each drop is audited. Answers how many
 * versions the file keeps now.
 */
async function dropVersionsOverLimit(
  context: AppContext,
  trx: Kysely<DB>,
  file: { id: number; client_id: number },
  limit: number,
  audited: EventBy,
): Promise<number> {
  const dropped = await listVersionsBeyond(trx, file.id, limit - 1);
  for (const version of dropped) {
    await recordRemovedBlob(trx, context.files.keyOf(version.client_id, version.store_name), audited.at);
    await recordFileEvent(trx, 'file.version_drop', { kind: 'file', id: file.id, clientId: file.client_id }, audited, {
      version_id: version.id,
      sha256: version.sha256,
    });
  }
  await deleteVersions(
    trx,
    dropped.map((version) => version.id),
  );
  return 1 + (await countVersions(trx, file.id));
}

/**
 * An upload named like a file already in the same place: that file's content becomes its newest earlier
 * version and the upload its current one, in the upload's transaction; the firm's limit then drops the
 * oldest. A client's upload never loosens what staff chose: whether the client may delete the file stays.
 */
export async function storeAsNewVersion(
  context: AppContext,
  trx: Kysely<DB>,
  upload: {
    fileId: number;
    firmId: number | null;
    content: FileContent;
    notes: string | null;
    clientCanDelete: boolean;
    /** How the file came, when not through a session (a request link), kept in the audit entry. */
    via?: 'request_link' | undefined;
  },
  audited: EventBy,
): Promise<void> {
  await lockFile(trx, context.dialect, upload.fileId);
  const file = (await findFile(trx, upload.fileId)) as FileRow;
  const versionId = await insertVersion(trx, file, contentOf(file));
  const limit = await readFileVersionsKept(trx, upload.firmId);
  const versionCount = await dropVersionsOverLimit(context, trx, file, limit, audited);
  await updateCurrentContent(trx, file.id, {
    ...upload.content,
    notes: upload.notes ?? file.notes,
    client_can_delete: audited.actor.role === 'client' ? file.client_can_delete : upload.clientCanDelete ? 1 : 0,
    version_count: versionCount,
  });
  await recordFileEvent(trx, 'file.version_upload', { kind: 'file', id: file.id, clientId: file.client_id }, audited, {
    size: upload.content.size_bytes,
    sha256: upload.content.sha256,
    previous_version_id: versionId,
    ...(upload.via ? { via: upload.via } : {}),
  });
}

/** `GET /api/file/:id/versions`: the current content and the earlier ones, newest first. */
export async function listFileVersions(context: AppContext, actor: Actor, fileId: number): Promise<FileVersions> {
  const { file, service, history } = await findReachableFile(context, actor, fileId);
  const versions = history ? await listVersionsOfFile(context.db, file.id) : [];
  return presentFileVersions(file, versions, actor, {
    restore: authorize(actor, 'file.restore_version', itemOf(service, file)),
    links: links(context),
  });
}

/** An earlier version the caller may read, for download; each download is audited. */
export async function openVersionForDownload(
  context: AppContext,
  actor: Actor,
  ids: { fileId: number; versionId: number },
  origin: { ip: string; logged: boolean },
): Promise<{ fileName: string; mimeType: string; content: EncryptedFile }> {
  const { file, history } = await findReachableFile(context, actor, ids.fileId);
  const version = history ? await findVersion(context.db, file.id, ids.versionId) : undefined;
  if (!version) failNotFound(M.versionNotFound);
  if (origin.logged)
    await recordFileEvent(
      context.db,
      'file.version_download',
      { kind: 'file', id: file.id, clientId: file.client_id },
      { actor, ip: origin.ip, at: context.clock.now() },
      { version_id: version.id, sha256: version.sha256 },
    );
  return {
    fileName: version.file_name,
    mimeType: version.mime_type,
    content: await context.files.open(version.client_id, version.store_name),
  };
}

/**
 * `POST /api/file/:id/versions/:version_id/restore` (staff): the version's content becomes the current
 * one and the current one the newest earlier version; nothing is lost and the count stays.
 */
export async function restoreFileVersion(
  context: AppContext,
  actor: Actor,
  ids: { fileId: number; versionId: number },
  ip: string,
): Promise<FileVersions> {
  const { file, service } = await findReachableFile(context, actor, ids.fileId);
  if (!authorize(actor, 'file.restore_version', itemOf(service, file))) failForbidden();
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await lockFile(trx, context.dialect, file.id);
    const version = await findVersion(trx, file.id, ids.versionId);
    if (!version) failNotFound(M.versionNotFound);
    const current = (await findFile(trx, file.id)) as FileRow;
    const keptId = await insertVersion(trx, current, contentOf(current));
    const { id: _id, file_id: _fileId, client_id: _clientId, ...restored } = version;
    await updateCurrentContent(trx, file.id, { ...restored, version_count: current.version_count });
    await deleteVersions(trx, [version.id]);
    await recordFileEvent(
      trx,
      'file.version_restore',
      { kind: 'file', id: file.id, clientId: file.client_id },
      { actor, ip, at },
      { restored_version_id: version.id, kept_as_version_id: keptId, sha256: version.sha256 },
    );
  });
  return listFileVersions(context, actor, file.id);
}
