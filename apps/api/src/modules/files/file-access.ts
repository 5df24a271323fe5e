import { type LevelPermissions, FILE_MESSAGES as M } from '@portal/contract/files';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { clientServiceTarget } from '../../policy/files.policy.js';
import { clientHasService, findClientForFiles, findHandlers } from '../client-services/client-services.service.js';
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
  const client = await findClientForFiles(context.db, clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound(M.clientServiceNotFound);
  const handlers = await findHandlers(context.db, clientId, serviceId);
  const target = clientServiceTarget(
    {
      id: client.id,
      firmId: client.firm_id,
      createdBy: client.created_by,
      assignsToStaff: client.assign_service_type === 1,
    },
    handlers ? { pcId: handlers.pc_id, executorId: handlers.executor_id, mpcId: handlers.mpc_id } : null,
  );
  if (!authorize(actor, 'file.read', target)) failNotFound(M.clientServiceNotFound);
  if (!(await clientHasService(context.db, clientId, serviceId))) failNotFound(M.serviceNotFound);
  if (action !== 'file.read' && !authorize(actor, action, target)) failForbidden();
  return target;
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
