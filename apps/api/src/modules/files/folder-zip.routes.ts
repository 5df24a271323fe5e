import { PassThrough } from 'node:stream';
import { clientServiceParamsSchema, folderParamsSchema } from '@portal/contract/files';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { setDownloadHeaders } from '../../http/send-stored-file.js';
import { resolveDownloader, signedLinkQuery } from './file-downloader.js';
import { checkFolderZipLink } from './file-links.js';
import { type FolderZip, type FolderZipScope, openFolderZip } from './folder-zip.service.js';

/**
 * Streams the archive. Once it has started, a failure (a blob missing, the disk or bucket failing) can
 * no longer become an error answer: the connection is cut, so the browser shows a failed download rather
 * than keep an archive silently missing files (docs/decisions/0040). Logged without any name.
 */
function sendFolderZip(request: FastifyRequest, reply: FastifyReply, archive: FolderZip) {
  const body = new PassThrough();
  archive.write(body).catch((error: NodeJS.ErrnoException) => {
    if (body.destroyed) return request.log.info('A folder ZIP stopped: the download was cancelled.');
    request.log.error({ code: error.code ?? error.name }, 'A folder ZIP failed mid-stream; the download was cut.');
    body.destroy(error);
  });
  setDownloadHeaders(reply, { fileName: archive.fileName, mimeType: 'application/zip' }, false);
  return reply.header('content-type', 'application/zip').send(body);
}

export function registerFolderZipRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  // Both follow a signed link (or the bearer header), like a file's download; access is checked again.
  const download = async (request: FastifyRequest, reply: FastifyReply, scope: FolderZipScope) => {
    const query = signedLinkQuery.parse(request.query);
    const actor = await resolveDownloader(context, request, query, (link, now) =>
      checkFolderZipLink(context.appKey, scope, link, now),
    );
    return sendFolderZip(request, reply, await openFolderZip(context, actor, scope, request.ip));
  };

  route.get(
    '/folder/zip/:client_id/:service_id',
    {
      config: { public: true, linkPage: true },
      params: clientServiceParamsSchema,
      querystring: signedLinkQuery,
      answer: fileAnswer('The level and everything under it as one ZIP.', ['application/zip']),
    },
    (request, reply) =>
      download(request, reply, {
        clientId: request.params.client_id,
        serviceId: request.params.service_id,
        folderId: null,
      }),
  );

  route.get(
    '/folder/zip/:client_id/:service_id/:folder_id',
    {
      config: { public: true, linkPage: true },
      params: folderParamsSchema,
      querystring: signedLinkQuery,
      answer: fileAnswer('The folder and everything under it as one ZIP.', ['application/zip']),
    },
    (request, reply) =>
      download(request, reply, {
        clientId: request.params.client_id,
        serviceId: request.params.service_id,
        folderId: request.params.folder_id,
      }),
  );
}
