import type {
  FileEntry,
  FileListQuery,
  FolderContents,
  FolderEntry,
  ServiceContents,
  SharedService,
} from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { delegatedScopeFor, type TargetFacts } from '../../policy/authorize.js';
import { ownFilesTarget } from '../../policy/files.policy.js';
import { presentFile, presentFolder } from './file.presenter.js';
import { assertServiceAccess, findFolderOf, levelPermissions, links, seenBy } from './file-access.js';
import { recordFileEvent } from './file-events.js';
import { type FolderZipScope, signFolderZipLink } from './file-links.js';
import { listFilesByStoreNames } from './file-store-names.repository.js';
import {
  type FileListRow,
  type FolderRow,
  listFilesOfFolder,
  listFolderPath,
  listFolders,
  listRecentFilesOfClient,
  listServicesSharedWith,
  listTopLevelFiles,
} from './files.repository.js';

/** What people read of a client's files: a level's folders and a page of its files, recent and shared. */
export async function listServiceFolders(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
): Promise<FolderEntry[]> {
  const service = await assertServiceAccess(context, actor, clientId, serviceId);
  const rows = await listFolders(context.db, clientId, serviceId, null, seenBy(actor, service));
  return rows.map((row) => presentFolder(row, actor, service));
}

/**
 * Opening a service's files or a folder is written to the activity log once per opening: the first
 * page, not each "Load more files".
 */
async function recordOpening(
  context: AppContext,
  actor: Actor,
  opened: { clientId: number; entityType: 'service' | 'folder'; entityId: number; page: FileListQuery; ip: string },
): Promise<void> {
  if (opened.page.before !== undefined) return;
  await recordFileEvent(
    context.db,
    opened.entityType === 'folder' ? 'folder.view' : 'files.view',
    { kind: opened.entityType, id: opened.entityId, clientId: opened.clientId },
    { actor, ip: opened.ip, at: context.clock.now() },
  );
}

/**
 * What a level (a service's top level, or a folder) answers alike: its folders, one page of its files
 * (only their own links are signed, and where the next page starts), what the caller may do there, and
 * the signed link to download the level with everything under it as one ZIP.
 */
function presentLevel(
  context: AppContext,
  viewer: { actor: Actor; service: TargetFacts },
  level: { folders: FolderRow[]; files: FileListRow[]; page: FileListQuery; zip: FolderZipScope },
) {
  const { actor, service } = viewer;
  const shown = level.files.slice(0, level.page.limit);
  const zipLink = signFolderZipLink(context.appKey, level.zip, actor.id, context.clock.now());
  return {
    folders: level.folders.map((row) => presentFolder(row, actor, service)),
    files: shown.map((row) => presentFile(row, actor, service, links(context))),
    files_next: level.files.length > level.page.limit ? (shown.at(-1)?.id ?? null) : null,
    permissions: levelPermissions(actor, service),
    zip_url: zipLink.url,
    zip_url_expires_at: zipLink.expiresAt.toISOString(),
  };
}

/** A service's top level: its folders and a page of the files kept beside them. */
export async function readServiceContents(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
  page: FileListQuery,
  ip: string,
): Promise<ServiceContents> {
  const service = await assertServiceAccess(context, actor, clientId, serviceId);
  const seen = seenBy(actor, service);
  await recordOpening(context, actor, { clientId, entityType: 'service', entityId: serviceId, page, ip });
  const [folders, files] = await Promise.all([
    listFolders(context.db, clientId, serviceId, null, seen),
    listTopLevelFiles(context.db, clientId, serviceId, { ...page, ...seen }),
  ]);
  return presentLevel(
    context,
    { actor, service },
    { folders, files, page, zip: { clientId, serviceId, folderId: null } },
  );
}

export async function readFolderContents(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
  folderId: number,
  page: FileListQuery,
  ip: string,
): Promise<FolderContents> {
  const service = await assertServiceAccess(context, actor, clientId, serviceId);
  const seen = seenBy(actor, service);
  const folder = await findFolderOf(context, seen, { clientId, serviceId, folderId });
  await recordOpening(context, actor, { clientId, entityType: 'folder', entityId: folder.id, page, ip });
  const [path, folders, files] = await Promise.all([
    listFolderPath(context.db, folder.id),
    listFolders(context.db, clientId, serviceId, folder.id, seen),
    listFilesOfFolder(context.db, folder.id, { ...page, ...seen }),
  ]);
  return {
    folder: presentFolder(folder, actor, service),
    path: path.map((entry) => ({ folder_id: entry.id, folder_name: entry.folder_name })),
    firm_only_here: path.some((entry) => entry.visibility === 'firm'),
    ...presentLevel(
      context,
      { actor, service },
      { folders, files, page, zip: { clientId, serviceId, folderId: folder.id } },
    ),
  };
}

/** The client dashboard's recent files: its own, newest first. */
export async function listRecentFiles(context: AppContext, actor: Actor): Promise<FileEntry[]> {
  const rows = await listRecentFilesOfClient(context.db, actor.id, 5);
  return rows.map((row) => presentFile(row, actor, ownFilesTarget(actor), links(context)));
}

/** For an MPC: the client services other firms share with it, the way into their folders. */
export async function listSharedServices(context: AppContext, actor: Actor): Promise<SharedService[]> {
  const scope = delegatedScopeFor(actor);
  const rows = scope ? await listServicesSharedWith(context.db, scope) : [];
  return rows.map((row) => ({
    client_id: row.client_id,
    client_name: `${row.client_first_name} ${row.client_last_name}`,
    service_id: row.service_id,
    service_name: row.service_name,
  }));
}

/** Of these blob keys, the ones a client file's row or one of its versions names (the orphan sweep, scheduled-work). */
export async function findKeysNamedByFiles(
  context: Pick<AppContext, 'db' | 'files'>,
  keys: string[],
): Promise<Set<string>> {
  // A key the portal never makes (a file put there by hand) is not the sweep's: it counts as kept.
  const foreign = keys.filter((key) => !context.files.parseKey(key));
  const storeNames = keys.flatMap((key) => context.files.parseKey(key)?.storeName ?? []);
  if (storeNames.length === 0) return new Set(foreign);
  const rows = await listFilesByStoreNames(context.db, storeNames);
  return new Set([...foreign, ...rows.map((row) => context.files.keyOf(row.client_id, row.store_name))]);
}
