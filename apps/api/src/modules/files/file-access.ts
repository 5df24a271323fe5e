import { type FileVisibility, type LevelPermissions, FILE_MESSAGES as M } from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { clientHasService, readClientServiceAccess } from '../client-services/client-services.service.js';
import { type FileRow, type FolderRow, findFolder, isFolderFirmOnly, type Seen } from './files.repository.js';

/**
 * The client's service as the access table reads it, if the caller may reach its files (`file.read`;
 * out of reach reads exactly like a service that does not exist) and may do `action` there (403
 * otherwise). Only once access holds is the service itself looked for.
 */
export async function assertServiceAccess(
  context: AppContext,
  actor: Actor,
  clientId: number,
  serviceId: number,
  action: 'file.read' | 'file.upload' = 'file.read',
): Promise<TargetFacts> {
  const access = await readClientServiceAccess(context.db, actor, { clientId, serviceId }, ['file.read', action]);
  if (!access?.allows('file.read')) failNotFound(M.clientServiceNotFound);
  if (!(await clientHasService(context.db, clientId, serviceId))) failNotFound(M.serviceNotFound);
  if (!access.allows(action)) failForbidden();
  return access.target;
}

/** What the caller may do at one level of a client service (the web shows Add Folder and Add File by it). */
export function levelPermissions(actor: Actor, target: TargetFacts): LevelPermissions {
  return { upload: authorize(actor, 'file.upload', target), visibility: authorize(actor, 'file.visibility', target) };
}

/** What the caller sees of a client service's items: all, or only what is shared with the client. */
export function seenBy(actor: Actor, service: TargetFacts): Seen {
  return { sharedOnly: !authorize(actor, 'file.firm_only', service) };
}

/**
 * Whether the caller deletes a folder with everything in it (to the trash): only who sees everything in it
 * (`file.firm_only`, staff). Anyone else (a client) deletes only an empty folder, counted whole: it never
 * takes away files it cannot see, or may not delete, with the folder they are in (0043).
 */
export function deletesWholeFolders(actor: Actor, service: TargetFacts): boolean {
  return authorize(actor, 'file.firm_only', service);
}

/**
 * A folder of that client service, as the caller sees it: one that is firm-only, or inside one, is out of
 * reach of a reader who sees only shared items (404, like a folder that does not exist).
 */
export async function findFolderOf(
  context: AppContext,
  seen: Seen,
  ids: { clientId: number; serviceId: number; folderId: number },
): Promise<FolderRow> {
  const folder = await findFolder(context.db, ids.folderId, seen);
  if (!folder || folder.client_id !== ids.clientId || folder.service_id !== ids.serviceId)
    failNotFound(M.folderNotFound);
  if (seen.sharedOnly && (await isFolderFirmOnly(context.db, folder.id))) failNotFound(M.folderNotFound);
  return folder;
}

/**
 * The visibility a new file or folder gets: what staff chose (shared when they say nothing); a client
 * cannot choose firm-only (403), what it puts there is shared with it.
 */
export function chooseVisibility(
  actor: Actor,
  service: TargetFacts,
  asked: FileVisibility | undefined,
): FileVisibility {
  if (asked === 'firm' && !authorize(actor, 'file.visibility', service)) failForbidden();
  return asked ?? 'shared';
}

/**
 * Whether the caller reads a file's earlier versions: whoever sees firm-only items (staff) always; a client
 * only of a file wholly its own (`owner_id`), never a history staff wrote, which may hold drafts made while
 * the file was firm-only (docs/decisions/0039).
 */
export function readsHistoryOf(actor: Actor, seen: Seen, file: { owner_id: number | null }): boolean {
  return !seen.sharedOnly || file.owner_id === actor.id;
}

/** A file the caller found by id: out of reach (404) when it, or a folder above it, is firm-only and unseen. */
export async function assertFileSeen(context: AppContext, seen: Seen, file: FileRow): Promise<void> {
  if (!seen.sharedOnly) return;
  if (file.visibility === 'firm' || (file.folder_id !== null && (await isFolderFirmOnly(context.db, file.folder_id))))
    failNotFound(M.fileNotFound);
}

/** What a presented file's download link is signed with. */
export const links = (context: AppContext) => ({ appKey: context.appKey, now: context.clock.now() });
