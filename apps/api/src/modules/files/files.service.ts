import {
  type FileEntry,
  type FolderEntry,
  fileUploadFieldsSchema,
  type folderCreateSchema,
  FILE_MESSAGES as M,
} from '@portal/contract/files';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { EncryptedFile } from '../../encryption/file-cipher.js';
import { failForbidden, failNotFound, failValidation, HttpError } from '../../http/http-error.js';
import type { MultipartForm } from '../../http/multipart-form.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { authorize } from '../../policy/authorize.js';
import { clientItemTarget } from '../../policy/files.policy.js';
import { noticeOwner } from '../notifications/owner-notices.js';
import { presentFile, presentFolder } from './file.presenter.js';
import {
  assertFileSeen,
  assertServiceAccess,
  chooseVisibility,
  deletesWholeFolders,
  findFolderOf,
  links,
  seenBy,
} from './file-access.js';
import { recordFileEvent } from './file-events.js';
import { moveFileToTrash, moveFolderToTrash } from './file-trash.service.js';
import { pickUploadedFile, storeClientUpload } from './file-uploads.service.js';
import { type FileRow, type FolderRow, findFile, findFolder, insertFolder } from './files.repository.js';

export async function createFolder(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof folderCreateSchema>,
  ip: string,
): Promise<FolderEntry> {
  const service = await assertServiceAccess(context, actor, input.client_id, input.service_id, 'file.upload');
  const seen = seenBy(actor, service);
  const parentId = input.folder_id ?? null;
  if (parentId !== null)
    await findFolderOf(context, seen, { clientId: input.client_id, serviceId: input.service_id, folderId: parentId });
  const visibility = chooseVisibility(actor, service, input.visibility);
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
        visibility,
      });
      await recordFileEvent(
        trx,
        'folder.create',
        { kind: 'folder', id: folderId, clientId: input.client_id },
        { actor, ip, at: now },
      );
      return folderId;
    });
    return presentFolder((await findFolder(context.db, id, seen)) as FolderRow, actor, service);
  } catch (error) {
    if (isUniqueViolation(error)) failValidation('folder_name', M.folderNameTaken);
    throw error;
  }
}

/** Stores an upload: the row and the file go in together, or neither (docs/api-conventions.md). */
const uploadTargetSchema = fileUploadFieldsSchema.pick({ client_id: true, service_id: true });

/**
 * The client service an upload form names, checked as its file begins: the caller must reach it and may
 * upload there (404 out of reach, 403 refused, 422 when the form names none before its file).
 */
export async function assertUploadTarget(context: AppContext, actor: Actor, fields: MultipartForm['fields']) {
  const target = parseOrThrow(uploadTargetSchema, { client_id: fields.client_id, service_id: fields.service_id });
  await assertServiceAccess(context, actor, target.client_id, target.service_id, 'file.upload');
}

export async function uploadFile(
  context: AppContext,
  actor: Actor,
  form: MultipartForm,
  ip: string,
): Promise<FileEntry> {
  try {
    const fields = parseOrThrow(fileUploadFieldsSchema, form.fields);
    // Whoever uploads into another's files says whether that client may delete it; a client may always
    // delete its own uploads.
    if (fields.client_id !== actor.id && fields.is_deleted === undefined) {
      failValidation('is_deleted', M.canDeleteRequired);
    }
    const upload = pickUploadedFile(form);
    const service = await assertServiceAccess(context, actor, fields.client_id, fields.service_id, 'file.upload');
    const folderId =
      fields.folder_id === undefined
        ? null
        : (
            await findFolderOf(context, seenBy(actor, service), {
              clientId: fields.client_id,
              serviceId: fields.service_id,
              folderId: fields.folder_id,
            })
          ).id;
    const visibility = chooseVisibility(actor, service, fields.visibility);
    const id = await storeClientUpload(
      context,
      actor,
      upload,
      {
        clientId: fields.client_id,
        serviceId: fields.service_id,
        folderId,
        fileName: fields.file_name || upload.originalName,
        notes: fields.notes || null,
        clientCanDelete: fields.is_deleted !== '0',
        visibility,
        firmId: service.firmId ?? null,
      },
      ip,
      // A client's own upload: its firm's MPC hears of it (docs/notifications.md).
      actor.role === 'client' && service.firmId !== null
        ? (trx, _fileId, at) =>
            noticeOwner(trx, context, {
              kind: 'owner_client_upload',
              firmId: service.firmId as number,
              actorId: actor.id,
              clientId: fields.client_id,
              serviceId: fields.service_id,
              folderId,
              detail: fields.file_name || upload.originalName,
              at: new Date(at),
            })
        : undefined,
    );
    return presentFile((await findFile(context.db, id)) as FileRow, actor, service, links(context));
  } finally {
    await form.discard();
  }
}

/**
 * How a file is being read, for the log: opened in the browser (`view`), saved (`download`), or the rest
 * of a read already logged (a ranged request after the first part, which a player or a resumed download
 * sends many of), which is not logged again.
 */
export type FileReadKind = 'view' | 'download' | 'continued';

/** A file the caller may reach, for download; each view and download is audited. */
export async function openFileForDownload(
  context: AppContext,
  actor: Actor,
  fileId: number,
  origin: { ip: string; kind: FileReadKind },
): Promise<{ file: FileRow; content: EncryptedFile }> {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  const service = await assertServiceAccess(context, actor, file.client_id, file.service_id);
  await assertFileSeen(context, seenBy(actor, service), file);
  if (origin.kind !== 'continued')
    await recordFileEvent(
      context.db,
      origin.kind === 'view' ? 'file.view' : 'file.download',
      { kind: 'file', id: file.id, clientId: file.client_id },
      { actor, ip: origin.ip, at: context.clock.now() },
    );
  return { file, content: await context.files.open(file.client_id, file.store_name) };
}

export async function removeFile(context: AppContext, actor: Actor, fileId: number, ip: string): Promise<void> {
  const file = await findFile(context.db, fileId);
  if (!file) failNotFound(M.fileNotFound);
  const service = await assertServiceAccess(context, actor, file.client_id, file.service_id);
  await assertFileSeen(context, seenBy(actor, service), file);
  // Its uploader owns a file with earlier versions only if it uploaded each of them too (`owner_id`).
  const item = { ownerId: file.owner_id, clientMayDelete: file.client_can_delete === 1 };
  if (!authorize(actor, 'file.delete', clientItemTarget(service, item))) failForbidden(M.notYours);
  // To the service's trash, with its versions; its blobs stay until it is deleted for good (0043).
  await moveFileToTrash(context, file, service, { actor, ip, at: context.clock.now() });
}

export async function removeFolder(context: AppContext, actor: Actor, folderId: number, ip: string): Promise<void> {
  // Counted whole: a folder holding firm-only files is not empty, whoever asks.
  const folder = await findFolder(context.db, folderId);
  if (!folder) failNotFound(M.folderNotFound);
  const service = await assertServiceAccess(context, actor, folder.client_id, folder.service_id);
  const ids = { clientId: folder.client_id, serviceId: folder.service_id, folderId };
  await findFolderOf(context, seenBy(actor, service), ids);
  const item = { ownerId: folder.created_by, clientMayDelete: false };
  if (!authorize(actor, 'folder.delete', clientItemTarget(service, item))) failForbidden(M.folderNotYours);
  if ((folder.children > 0 || folder.files > 0) && !deletesWholeFolders(actor, service))
    throw new HttpError(409, M.folderNotEmpty);
  // To the service's trash with everything in it, as one entry a restore brings back whole (0043).
  await moveFolderToTrash(context, folder, service, { actor, ip, at: context.clock.now() });
}
