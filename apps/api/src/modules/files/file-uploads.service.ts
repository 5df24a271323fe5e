import { FILE_MESSAGES as M, UPLOAD_MIME_TYPES } from '@portal/contract/files';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, FileVisibility } from '../../db/schema.js';
import { failConflict, failValidation, GENERIC_MESSAGES, HttpError } from '../../http/http-error.js';
import type { MultipartForm, UploadedFile } from '../../http/multipart-form.js';
import { judgeUpload } from '../../http/upload-type.js';
import { findUserById } from '../users/users.service.js';
import { recordFileEvent } from './file-events.js';
import { findSameNameFiles } from './file-versions.repository.js';
import { storeAsNewVersion } from './file-versions.service.js';
import { findFile, insertFile } from './files.repository.js';

/**
 * The one file of an upload form: the `file` part, or the `file_name` part the spec's form sends;
 * a text `file_name` beside either names the stored file.
 */
export function pickUploadedFile(form: MultipartForm): UploadedFile {
  const unexpected = form.files.find((file) => file.field !== 'file' && file.field !== 'file_name');
  if (unexpected)
    throw new HttpError(400, GENERIC_MESSAGES.unknownFields, { [unexpected.field]: ['This field is not allowed.'] });
  const upload = form.files[0];
  if (!upload) failValidation('file', M.fileRequired);
  return upload;
}

/** Where an upload goes in a client service: a folder (or one found in the transaction), or the top level. */
export type FilePlacement = {
  clientId: number;
  serviceId: number;
  folderId: number | null | ((trx: Kysely<DB>, at: string) => Promise<number>);
  fileName: string;
  notes: string | null;
  clientCanDelete: boolean;
  /** Whether the client sees it: always `shared` for what the client itself uploads. */
  visibility: FileVisibility;
  /** The firm of the client service: its setting says how many versions a file keeps. */
  firmId: number | null;
  /**
   * Whether an upload of the same name becomes a new version of that file (default yes): a document
   * request's upload only of the file already given for the same document.
   */
  acceptsVersionOf?: (trx: Kysely<DB>, fileId: number) => Promise<boolean>;
  /** How the file came, when not through a session: a request link (issue 24), kept in the audit entry. */
  via?: 'request_link';
};

/**
 * Whether an upload of the same name becomes the new version of that file: what the caller allows, and
 * only within one side. A client's upload joins only a file wholly its own (`owner_id`), so it never pushes
 * staff's content out of the kept versions nor makes staff's file its own to delete; staff's upload never
 * joins a file the client sent, so what the client sent (a requested document under review) stays what it
 * sent. Across sides the upload is a new file beside it.
 */
async function mayTakeVersion(trx: Kysely<DB>, actor: Actor, placement: FilePlacement, fileId: number) {
  if (placement.acceptsVersionOf && !(await placement.acceptsVersionOf(trx, fileId))) return false;
  const ownerId = (await findFile(trx, fileId))?.owner_id;
  return actor.id === placement.clientId ? ownerId === actor.id : ownerId !== placement.clientId;
}

/**
 * Stores one upload of a client service whose access the caller checked: the type rules of every
 * upload (docs/security.md), the blob promoted, then the row (or, under the name of a file already in
 * the same place, a new version of it), its audit entry and whatever the caller writes with it
 * (`alsoInTransaction`) in one transaction. A failed write removes the blob again, so no
 * row points at nothing and no blob stays (docs/api-conventions.md).
 */
export async function storeClientUpload(
  context: AppContext,
  actor: Actor,
  upload: UploadedFile,
  placement: FilePlacement,
  ip: string,
  alsoInTransaction?: (trx: Kysely<DB>, fileId: number, at: string) => Promise<void>,
): Promise<number> {
  const verdict = judgeUpload(upload, placement.fileName, UPLOAD_MIME_TYPES, M.badType);
  if (!verdict.ok) {
    if (verdict.status === 422) failValidation('file_name', verdict.message);
    throw new HttpError(415, verdict.message, { file: [verdict.message] });
  }
  // An erased client (issue 25) keeps only what the law holds: nothing new is stored for it.
  if ((await findUserById(context.db, placement.clientId))?.erased_at) failConflict(M.clientErased);
  const storeName = context.files.newStoreName();
  const now = context.clock.now();
  const at = now.toISOString();
  // Stored before the row, outside the transaction: an upload to a bucket takes time that no database
  // lock should wait on.
  await context.files.promote(upload.tempPath, placement.clientId, storeName);
  try {
    return await context.db.transaction().execute(async (trx) => {
      const folderId =
        typeof placement.folderId === 'function' ? await placement.folderId(trx, at) : placement.folderId;
      const content = {
        file_name: verdict.fileName,
        store_name: storeName,
        size_bytes: upload.size,
        mime_type: verdict.mimeType,
        sha256: upload.sha256,
        uploaded_by: actor.id,
        created_at: at,
        key_id: upload.keyId,
      };
      // The same name in the same place: a new version of that file (docs/decisions/0037).
      const candidates = await findSameNameFiles(trx, {
        clientId: placement.clientId,
        serviceId: placement.serviceId,
        folderId,
        name: verdict.fileName,
        visibility: placement.visibility,
      });
      let same: { id: number } | undefined;
      for (const candidate of candidates)
        if (!same && (await mayTakeVersion(trx, actor, placement, candidate.id))) same = candidate;
      if (same) {
        await storeAsNewVersion(
          context,
          trx,
          {
            fileId: same.id,
            firmId: placement.firmId,
            content,
            notes: placement.notes,
            clientCanDelete: placement.clientCanDelete,
            via: placement.via,
          },
          { actor, ip, at: now },
        );
        await alsoInTransaction?.(trx, same.id, at);
        return same.id;
      }
      const fileId = await insertFile(trx, {
        ...content,
        client_id: placement.clientId,
        service_id: placement.serviceId,
        folder_id: folderId,
        notes: placement.notes,
        client_can_delete: placement.clientCanDelete ? 1 : 0,
        visibility: placement.visibility,
      });
      await recordFileEvent(
        trx,
        'file.upload',
        { kind: 'file', id: fileId, clientId: placement.clientId },
        { actor, ip, at: now },
        { size: upload.size, sha256: upload.sha256, ...(placement.via ? { via: placement.via } : {}) },
      );
      await alsoInTransaction?.(trx, fileId, at);
      return fileId;
    });
  } catch (error) {
    await context.files.remove(placement.clientId, storeName);
    throw error;
  }
}
