import {
  type FileEntry,
  type FileListQuery,
  type FolderContents,
  type FolderEntry,
  fileUploadFieldsSchema,
  type folderCreateSchema,
  FILE_MESSAGES as M,
  type ServiceContents,
  type SharedService,
  UPLOAD_MIME_TYPES,
} from '@portal/contract/files';
import { ROLE_ID } from '@portal/contract/roles';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { EncryptedFile } from '../../encryption/file-cipher.js';
import { failForbidden, failNotFound, failValidation, GENERIC_MESSAGES, HttpError } from '../../http/http-error.js';
import type { MultipartForm, UploadedFile } from '../../http/multipart-form.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { judgeUpload } from '../../http/upload-type.js';
import { authorize, delegatedScopeFor } from '../../policy/authorize.js';
import { clientItemTarget, clientServiceTarget } from '../../policy/files.policy.js';
import { recordAudit } from '../audit/audit.repository.js';
import { presentFile, presentFolder } from './file.presenter.js';
import {
  clientHasService,
  deleteFile,
  deleteFolder,
  type FileRow,
  type FolderRow,
  findClientForFiles,
  findFile,
  findFolder,
  findHandlers,
  insertFile,
  insertFolder,
  listFilesOfFolder,
  listFolderPath,
  listFolders,
  listRecentFilesOfClient,
  listServicesSharedWith,
  listTopLevelFiles,
} from './files.repository.js';

/**
 * The client's service, if the caller may reach its files. A client out of reach reads exactly like one
 * that does not exist; only once access holds is the service itself looked for.
 */
async function assertServiceAccess(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
): Promise<void> {
  const client = await findClientForFiles(context.db, clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound(M.clientServiceNotFound);
  const handlers = await findHandlers(context.db, clientId, serviceId);
  const allowed = authorize(
    actor,
    'file.read',
    clientServiceTarget(
      {
        id: client.id,
        firmId: client.firm_id,
        createdBy: client.created_by,
        assignsToStaff: client.assign_service_type === 1,
      },
      handlers ? { pcId: handlers.pc_id, executorId: handlers.executor_id, mpcId: handlers.mpc_id } : null,
    ),
  );
  if (!allowed) failNotFound(M.clientServiceNotFound);
  if (!(await clientHasService(context.db, clientId, serviceId))) failNotFound(M.serviceNotFound);
}

async function findFolderOf(
  context: AppContext,
  clientId: number,
  serviceId: number,
  folderId: number,
): Promise<FolderRow> {
  const folder = await findFolder(context.db, folderId);
  if (!folder || folder.client_id !== clientId || folder.service_id !== serviceId) failNotFound(M.folderNotFound);
  return folder;
}

const links = (context: AppContext) => ({ appKey: context.appKey, now: context.clock.now() });

export async function listServiceFolders(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
): Promise<FolderEntry[]> {
  await assertServiceAccess(context, actor, clientId, serviceId);
  const rows = await listFolders(context.db, clientId, serviceId, null);
  return rows.map((row) => presentFolder(row, actor));
}

/** One page of files as answered: only its own links are signed, and where the next page starts. */
function presentFilePage(context: AppContext, actor: Actor, rows: FileRow[], page: FileListQuery) {
  const shown = rows.slice(0, page.limit);
  return {
    files: shown.map((row) => presentFile(row, actor, links(context))),
    files_next: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** A service's top level: its folders and a page of the files kept beside them. */
export async function readServiceContents(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
  page: FileListQuery,
): Promise<ServiceContents> {
  await assertServiceAccess(context, actor, clientId, serviceId);
  const [folders, files] = await Promise.all([
    listFolders(context.db, clientId, serviceId, null),
    listTopLevelFiles(context.db, clientId, serviceId, page),
  ]);
  return {
    folders: folders.map((row) => presentFolder(row, actor)),
    ...presentFilePage(context, actor, files, page),
  };
}

export async function readFolderContents(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
  folderId: number,
  page: FileListQuery,
): Promise<FolderContents> {
  await assertServiceAccess(context, actor, clientId, serviceId);
  const folder = await findFolderOf(context, clientId, serviceId, folderId);
  const [path, folders, files] = await Promise.all([
    listFolderPath(context.db, folder.id),
    listFolders(context.db, clientId, serviceId, folder.id),
    listFilesOfFolder(context.db, folder.id, page),
  ]);
  return {
    folder: presentFolder(folder, actor),
    path: path.map((entry) => ({ folder_id: entry.id, folder_name: entry.folder_name })),
    folders: folders.map((row) => presentFolder(row, actor)),
    ...presentFilePage(context, actor, files, page),
  };
}

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

/** The client dashboard's recent files: its own, newest first. */
export async function listRecentFiles(context: AppContext, actor: Actor): Promise<FileEntry[]> {
  const rows = await listRecentFilesOfClient(context.db, actor.id, 5);
  return rows.map((row) => presentFile(row, actor, links(context)));
}

/** For an MPC: the client services other firms share with it, the way into their folders. */
export async function listSharedServices(context: AppContext, actor: Actor): Promise<SharedService[]> {
  const scope = delegatedScopeFor(actor);
  const rows = scope ? await listServicesSharedWith(context.db, scope) : [];
  return rows.map((row) => ({
    client_id: row.client_id,
    client_name: `${row.first_name} ${row.last_name}`,
    service_id: row.service_id,
    service_name: row.service_name,
  }));
}
