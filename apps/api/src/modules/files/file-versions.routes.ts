import { FILE_MESSAGES, fileVersionParamsSchema, fileVersionsSchema } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { isContinuedRead, sendStoredFile } from '../../http/send-stored-file.js';
import { resolveDownloader, signedLinkQuery } from './file-downloader.js';
import { checkFileVersionLink } from './file-links.js';
import { listFileVersions, openVersionForDownload, restoreFileVersion } from './file-versions.service.js';

const fileParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A file's versions (docs/decisions/0037): the list, an earlier one's download, and (staff) its restore. */
export function registerFileVersionRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/file/:id/versions',
    { params: fileParams, answer: fileVersionsSchema, message: FILE_MESSAGES.versionsListed },
    (request, actor) => listFileVersions(context, actor, request.params.id),
  );

  route.get(
    '/file/:id/versions/:version_id/download',
    {
      config: { public: true, linkPage: true },
      params: fileVersionParamsSchema,
      querystring: signedLinkQuery,
      answer: fileAnswer('The version, by its stored type.', ['*/*']),
    },
    async (request, reply) => {
      const ids = { fileId: request.params.id, versionId: request.params.version_id };
      const actor = await resolveDownloader(context, request, request.query, (query, now) =>
        checkFileVersionLink(context.appKey, ids, query, now),
      );
      const inline = request.query.inline === '1';
      // Only the first part of a ranged read is logged, as for the current version.
      const logged = !isContinuedRead(request);
      const version = await openVersionForDownload(context, actor, ids, { ip: request.ip, logged });
      return sendStoredFile(request, reply, version, inline);
    },
  );

  route.post(
    '/file/:id/versions/:version_id/restore',
    { params: fileVersionParamsSchema, answer: fileVersionsSchema, message: FILE_MESSAGES.versionRestored },
    (request, actor) =>
      restoreFileVersion(
        context,
        actor,
        { fileId: request.params.id, versionId: request.params.version_id },
        request.ip,
      ),
  );
}
