import type { Actor } from '../auth/actor.js';
import { isRegistrationPending } from './registration.policy.js';

/** Endpoint-level file abilities: a client's recent files; the services other firms share with an MPC. */
export const filesPolicy = {
  'files.recent': (actor: Actor) => actor.role === 'client',
  'files.shared': (actor: Actor) => actor.role === 'mpc',
};

/** A client as the file rules see it. */
export type FileClient = { id: number; firmId: number | null; createdBy: number | null; assignsToStaff: boolean };
/** Who handles one service of that client. */
export type ServiceHandlers = { pcId: number | null; executorId: number | null; mpcId: number | null } | null;

/**
 * Design.md section 6, files: the client for all its services; the MPC of its firm for all; a PC or
 * executor for all services of clients it created and for the services assigned to it; another
 * firm's MPC for the one service assigned to it by username.
 */
export function canAccessClientService(actor: Actor, client: FileClient, handlers: ServiceHandlers): boolean {
  // The download route is public (signed links), so the hook's registration rule does not cover it.
  if (isRegistrationPending(actor)) return false;
  switch (actor.role) {
    case 'client':
      return actor.id === client.id;
    case 'mpc':
      return client.firmId === actor.id || (!client.assignsToStaff && handlers?.mpcId === actor.id);
    case 'pc':
      if (client.firmId !== actor.firmId) return false;
      return client.createdBy === actor.id || (client.assignsToStaff && handlers?.pcId === actor.id);
    case 'executor':
      if (client.firmId !== actor.firmId) return false;
      return client.createdBy === actor.id || (client.assignsToStaff && handlers?.executorId === actor.id);
    case 'admin':
      return false;
  }
}

/** Staff with access delete anything; a client only its own uploads or files marked "Can Client Delete? Yes". */
export function canDeleteFile(actor: Actor, file: { uploadedBy: number | null; clientCanDelete: boolean }): boolean {
  if (actor.role !== 'client') return true;
  return file.uploadedBy === actor.id || file.clientCanDelete;
}

/** Staff with access delete empty folders; a client only empty folders it created. */
export function canDeleteFolder(actor: Actor, folder: { createdBy: number | null }): boolean {
  return actor.role !== 'client' || folder.createdBy === actor.id;
}
