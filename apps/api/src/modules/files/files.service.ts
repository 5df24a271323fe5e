import {
  type FileEntry,
  type FolderEntry,
  fileUploadFieldsSchema,
  type folderCreateSchema,
  FILE_MESSAGES as M,
  UPLOAD_MIME_TYPES,
} from '@portal/contract/files';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { EncryptedFile } from '../../encryption/file-cipher.js';
import { failForbidden, failNotFound, failValidation, GENERIC_MESSAGES, HttpError } from '../../http/http-error.js';
import type { MultipartForm, UploadedFile } from '../../http/multipart-form.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { judgeUpload } from '../../http/upload-type.js';
import { authorize } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { recordAudit } from '../audit/audit.repository.js';
import { presentFile, presentFolder } from './file.presenter.js';
import { assertServiceAccess, findFolderOf, links } from './file-access.js';
import {
  deleteFile,
  deleteFolder,
  type FileRow,
  type FolderRow,
  findFile,
  findFolder,
  insertFile,
  insertFolder,
} from './files.repository.js';

export async function createFolder(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof folderCreateSchema>,
  ip: string,
): Promise<FolderEntry> {
  await assertServiceAccess(context, actor, input.client_id, input.service_id);
  const parentId = input.folder_id ?? null;
  if (parentId !== null) await findFolderOf(context, input.client_id, input.service_id, parentId);
  const now = context.clock.now();
  try {
    const id = await context.db.transaction().execute(async (trx) => {
      const folderId = await insertFolder(trx, {
        clientId: input.client_id,
        serviceId: input.service_id,
        parentId,
        name: input.folder_name,
        createdBy: actor.id,
        now: now.toISOString(),
      });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'folder.create',
        entityType: 'folder',
        entityId: folderId,
        ip,
        at: now,
      });
      return folderId;
    });
    return presentFolder((await findFolder(context.db, id)) as FolderRow, actor);
  } catch (error) {
    if (isUniqueViolation(error)) failValidation('folder_name', M.folderNameTaken);
    throw error;
  }
}

/**
 * The one file of an upload form: the `file` part, or the `file_name` part the spec's form sends
 * (spec section 7); a text `file_name` beside either names the stored file.
 */
function pickUploadedFile(form: MultipartForm): UploadedFile {
  const unexpected = form.files.find((file) => file.field !== 'file' && file.field !== 'file_name');
  if (unexpected)
    throw new HttpError(400, GENERIC_MESSAGES.unknownFields, { [unexpected.field]: ['This field is not allowed.'] });
  const upload = form.files[0];
  if (!upload) failValidation('file', M.fileRequired);
  return upload;
}

/** Stores an upload: the row and the file go in together, or neither (docs/api-conventions.md). */
export async function uploadFile(
  context: AppContext,
  actor: Actor,
  form: MultipartForm,
  ip: string,
): Promise<FileEntry> {
  try {
    const fields = parseOrThrow(fileUploadFieldsSchema, form.fields);
    // Staff decide whether the client may delete the file; a client may always delete its own uploads.
    if (actor.role !== 'client' && fields.is_deleted === undefined) failValidation('is_deleted', M.canDeleteRequired);
    const upload = pickUploadedFile(form);
    await assertServiceAccess(context, actor, fields.client_id, fields.service_id);
    const folderId =
      fields.folder_id === undefined
        ? null
        : (await findFolderOf(context, fields.client_id, fields.service_id, fields.folder_id)).id;
    const verdict = judgeUpload(upload, fields.file_name || upload.originalName, UPLOAD_MIME_TYPES, M.badType);
    if (!verdict.ok) {
      if (verdict.status === 422) failValidation('file_name', verdict.message);
      throw new HttpError(415, verdict.message, { file: [verdict.message] });
    }

    const storeName = context.files.newStoreName();
    const now = context.clock.now();
    let promoted = false;
    try {
      const id = await context.db.transaction().execute(async (trx) => {
        const fileId = await insertFile(trx, {
          client_id: fields.client_id,
          service_id: fields.service_id,
          folder_id: folderId,
          file_name: verdict.fileName,
          store_name: storeName,
          size_bytes: upload.size,
          mime_type: verdict.mimeType,
          sha256: upload.sha256,
          notes: fields.notes || null,
          client_can_delete: fields.is_deleted === '0' ? 0 : 1,
          uploaded_by: actor.id,
          created_at: now.toISOString(),
          key_id: upload.keyId,
        });
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'file.upload',
          entityType: 'file',
          entityId: fileId,
          ip,
          at: now,
          details: { size: upload.size, sha256: upload.sha256 },
        });
        await context.files.promote(upload.tempPath, fields.client_id, storeName);
        promoted = true;
        return fileId;
      });
      return presentFile((await findFile(context.db, id)) as FileRow, actor, links(context));
    } catch (error) {
      if (promoted) await context.files.remove(fields.client_id, storeName);
      throw error;
    }
  } finally {
    await form.discard();
  }
}

/** A file the caller may reach, for download; the download is audited. */
export async function openFileForDownload(
  context: AppContext,
  actor: Actor,
  fileId: number,
  ip: string,
): Promise<{ file: FileRow; content: EncryptedFile }> {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  await assertServiceAccess(context, actor, file.client_id, file.service_id);
  await recordAudit(context.db, {
    actorId: actor.id,
    action: 'file.download',
    entityType: 'file',
    entityId: file.id,
    ip,
    at: context.clock.now(),
  });
  return { file, content: await context.files.open(file.client_id, file.store_name) };
}

export async function removeFile(context: AppContext, actor: Actor, fileId: number, ip: string): Promise<void> {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  await assertServiceAccess(context, actor, file.client_id, file.service_id);
  const item = { ownerId: file.uploaded_by, clientMayDelete: file.client_can_delete === 1 };
  if (!authorize(actor, 'file.delete', clientItemTarget(file.client_id, item))) failForbidden(M.notYours);
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await deleteFile(trx, file.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'file.delete',
      entityType: 'file',
      entityId: file.id,
      ip,
      at: now,
      details: { file_name: file.file_name },
    });
  });
  await context.files.remove(file.client_id, file.store_name);
}

export async function removeFolder(context: AppContext, actor: Actor, folderId: number, ip: string): Promise<void> {
  const folder = await findFolder(context.db, folderId);
  if (!folder) failNotFound(M.folderNotFound);
  await assertServiceAccess(context, actor, folder.client_id, folder.service_id);
  const item = { ownerId: folder.created_by, clientMayDelete: false };
  if (!authorize(actor, 'folder.delete', clientItemTarget(folder.client_id, item))) failForbidden();
  if (folder.children > 0 || folder.files > 0) throw new HttpError(409, M.folderNotEmpty);
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await deleteFolder(trx, folder.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'folder.delete',
      entityType: 'folder',
      entityId: folder.id,
      ip,
      at: now,
    });
  });
}
