import { type LevelPermissions, FILE_MESSAGES as M } from '@portal/contract/files';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { clientHasService, readClientServiceAccess } from '../client-services/client-services.service.js';
import { type FolderRow, findFolder } from './files.repository.js';

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
  return { upload: authorize(actor, 'file.upload', target) };
}

export async function findFolderOf(
  context: AppContext,
  clientId: number,
  serviceId: number,
  folderId: number,
): Promise<FolderRow> {
  const folder = await findFolder(context.db, folderId);
  if (!folder || folder.client_id !== clientId || folder.service_id !== serviceId) failNotFound(M.folderNotFound);
  return folder;
}

/** What a presented file's download link is signed with. */
export const links = (context: AppContext) => ({ appKey: context.appKey, now: context.clock.now() });
