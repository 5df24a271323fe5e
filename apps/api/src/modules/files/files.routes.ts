import {
  FILE_SEARCH_MESSAGES,
  FILE_SEARCH_PATH,
  fileSearchPageSchema,
  fileSearchQuerySchema,
} from '@portal/contract/file-search';
import {
  clientServiceParamsSchema,
  FILE_MESSAGES,
  fileEntrySchema,
  fileListQuerySchema,
  folderContentsSchema,
  folderCreateSchema,
  folderEntrySchema,
  folderParamsSchema,
  serviceContentsSchema,
  sharedServiceSchema,
  visibilityChangeSchema,
} from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { readMultipartForm } from '../../http/multipart-form.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { isContinuedRead, sendStoredFile } from '../../http/send-stored-file.js';
import { resolveDownloader, signedLinkQuery } from './file-downloader.js';
import { checkFileLink } from './file-links.js';
import {
  listRecentFiles,
  listServiceFolders,
  listSharedServices,
  readFolderContents,
  readServiceContents,
} from './file-reads.service.js';
import { searchFiles } from './file-search.service.js';
import { registerFileTrashRoutes } from './file-trash.routes.js';
import { registerFileVersionRoutes } from './file-versions.routes.js';
import { changeFileVisibility, changeFolderVisibility } from './file-visibility.service.js';
import {
  assertUploadTarget,
  createFolder,
  openFileForDownload,
  removeFile,
  removeFolder,
  uploadFile,
} from './files.service.js';
import { registerFolderZipRoutes } from './folder-zip.routes.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerFileRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/folders/:client_id/:service_id',
    {
      params: clientServiceParamsSchema,
      answer: z.array(folderEntrySchema),
      message: FILE_MESSAGES.listed,
    },
    (request, actor) => listServiceFolders(context, actor, request.params.client_id, request.params.service_id),
  );

  route.get(
    '/serviceFiles/:client_id/:service_id',
    {
      params: clientServiceParamsSchema,
      querystring: fileListQuerySchema,
      answer: serviceContentsSchema,
      message: FILE_MESSAGES.listed,
    },
    (request, actor) =>
      readServiceContents(
        context,
        actor,
        request.params.client_id,
        request.params.service_id,
        request.query,
        request.ip,
      ),
  );

  route.get(
    '/fileFolder/:client_id/:service_id/:folder_id',
    {
      params: folderParamsSchema,
      querystring: fileListQuerySchema,
      answer: folderContentsSchema,
      message: FILE_MESSAGES.listed,
    },
    (request, actor) => {
      const { client_id, service_id, folder_id } = request.params;
      return readFolderContents(context, actor, client_id, service_id, folder_id, request.query, request.ip);
    },
  );

  route.post(
    '/folder/create',
    {
      body: folderCreateSchema,
      answer: folderEntrySchema,
      message: FILE_MESSAGES.folderCreated,
      created: true,
    },
    (request, actor) => createFolder(context, actor, request.body, request.ip),
  );

  route.post(
    '/folder/uploadFile',
    { answer: fileEntrySchema, message: FILE_MESSAGES.fileUploaded, created: true },
    async (request, actor) => {
      const form = await readMultipartForm(request, {
        // Access is decided from the fields before the file, so a refused upload stores nothing.
        beforeFirstFile: (fields) => assertUploadTarget(context, actor, fields),
        tempDir: context.documents.tempDir,
        keyring: context.keyring,
        maxFileBytes: context.config.maxUploadBytes,
        maxFiles: 1,
        maxFields: 20,
        // The spec's form sends the file as `file_name`; ours as `file`.
        fileFields: ['file', 'file_name'],
      });
      return uploadFile(context, actor, form, request.ip);
    },
  );

  route.get(
    '/file/download/:id',
    {
      config: { public: true, linkPage: true },
      params: idParams,
      querystring: signedLinkQuery,
      answer: fileAnswer('The file, by its stored type (any an upload may have).', ['*/*']),
    },
    async (request, reply) => {
      const actor = await resolveDownloader(context, request, request.query, (query, now) =>
        checkFileLink(context.appKey, request.params.id, query, now),
      );
      const inline = request.query.inline === '1';
      // Only the first part of a ranged read is logged: a player asks for many.
      const continued = isContinuedRead(request);
      const kind = continued ? 'continued' : inline ? 'view' : 'download';
      const { file, content } = await openFileForDownload(context, actor, request.params.id, { ip: request.ip, kind });
      return sendStoredFile(request, reply, { fileName: file.file_name, mimeType: file.mime_type, content }, inline);
    },
  );

  route.get(
    FILE_SEARCH_PATH,
    {
      querystring: fileSearchQuerySchema,
      answer: fileSearchPageSchema,
      message: FILE_SEARCH_MESSAGES.searched,
    },
    (request, actor) => searchFiles(context, actor, request.query),
  );

  route.get(
    '/file/shared',
    { ability: 'files.shared', answer: z.array(sharedServiceSchema), message: 'Shared services.' },
    (_request, actor) => listSharedServices(context, actor),
  );

  route.get(
    '/file/recent',
    { ability: 'files.recent', answer: z.array(fileEntrySchema), message: 'Recent files.' },
    (_request, actor) => listRecentFiles(context, actor),
  );

  route.delete(
    '/file/remove/:id',
    { params: idParams, answer: z.null(), message: FILE_MESSAGES.fileRemoved },
    (request, actor) => removeFile(context, actor, request.params.id, request.ip),
  );

  route.put(
    '/file/visibility/:id',
    {
      params: idParams,
      body: visibilityChangeSchema,
      answer: z.null(),
      message: FILE_MESSAGES.visibilityChanged,
    },
    (request, actor) => changeFileVisibility(context, actor, request.params.id, request.body.visibility, request.ip),
  );

  route.put(
    '/folder/visibility/:id',
    {
      params: idParams,
      body: visibilityChangeSchema,
      answer: z.null(),
      message: FILE_MESSAGES.visibilityChanged,
    },
    (request, actor) => changeFolderVisibility(context, actor, request.params.id, request.body.visibility, request.ip),
  );
  registerFileVersionRoutes(server, context);
  registerFolderZipRoutes(server, context);
  registerFileTrashRoutes(server, context);

  route.delete(
    '/folder/remove/:id',
    { params: idParams, answer: z.null(), message: FILE_MESSAGES.folderRemoved },
    (request, actor) => removeFolder(context, actor, request.params.id, request.ip),
  );
}
