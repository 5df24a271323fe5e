import type { FileSearchPage, FileSearchQuery } from '@portal/contract/file-search';
import { FILE_MESSAGES as M } from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound } from '../../http/http-error.js';
import { rulesFor } from '../../policy/access-table.js';
import { clientServiceReach } from '../../policy/client-service-reach.js';
import { clientServiceScopeFor } from '../../policy/client-service-scope.js';
import { reachesAnyServiceOf, withoutIdleDelegatedPart } from '../client-services/client-services.service.js';
import { nameOf } from './file.presenter.js';
import { assertServiceAccess } from './file-access.js';
import { signFileLink } from './file-links.js';
import { FILE_COLUMNS, searchFilesByName } from './file-search.repository.js';

/**
 * `GET /api/files/search`: the files whose name holds the term, newest first, within the caller's reach
 * as the folder pages decide it (docs/decisions/0057-file-search.md). A client out of reach answers 404,
 * as its folders do.
 */
export async function searchFiles(context: AppContext, actor: Actor, query: FileSearchQuery): Promise<FileSearchPage> {
  const { client_id: clientId, service_id: serviceId } = query;
  if (clientId !== undefined && serviceId !== undefined) await assertServiceAccess(context, actor, clientId, serviceId);
  else if (clientId !== undefined && !(await reachesAnyServiceOf(context.db, actor, clientId, 'file.read')))
    failNotFound(M.clientServiceNotFound);
  const scope = await withoutIdleDelegatedPart(context.db, clientServiceScopeFor(actor, 'file.read'));
  // Who sees no firm-only file (a client) sees its own shared files outside its firm-only folders.
  const sharedOnly = rulesFor(actor.role, 'file.firm_only').length === 0 ? { clientId: scope.clientId } : null;
  const rows = await searchFilesByName(context.db, context.dialect, clientServiceReach(scope, FILE_COLUMNS), {
    term: query.q,
    firmId: scope.withinFirm,
    sharedOnly,
    ...(clientId !== undefined ? { clientId } : {}),
    ...(serviceId !== undefined ? { serviceId } : {}),
    ...(query.before !== undefined ? { before: query.before } : {}),
    take: query.limit + 1,
  });
  const shown = rows.slice(0, query.limit);
  const now = context.clock.now();
  return {
    files: shown.map((row) => {
      const link = signFileLink(context.appKey, row.id, actor.id, now);
      return {
        id: row.id,
        file_name: row.file_name,
        size: Number(row.size_bytes),
        mime: row.mime_type,
        created_at: row.created_at,
        client: { id: row.client_id, name: nameOf(row.client_first_name, row.client_last_name) },
        service: { id: row.service_id, name: row.service_name },
        folder: row.folder_id === null ? null : { id: row.folder_id, name: row.folder_name ?? '' },
        download_url: link.url,
        download_url_expires_at: link.expiresAt.toISOString(),
      };
    }),
    next: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}
