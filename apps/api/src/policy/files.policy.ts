import { ROLE_ID } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import type { TargetFacts } from './authorize.js';

/** Endpoint-level file abilities: a client's recent files; the services other firms share with an MPC. */
export const filesPolicy = {
  'files.recent': (actor: Actor) => actor.role === 'client',
  'files.shared': (actor: Actor) => actor.role === 'mpc',
};

/** A client as the file rows of the access table read it. */
export type FileClient = { id: number; firmId: number | null; createdBy: number | null; assignsToStaff: boolean };
/** Who handles one service of that client. */
export type ServiceHandlers = { pcId: number | null; executorId: number | null; mpcId: number | null } | null;

const idsOf = (id: number | null | undefined) => (id === null || id === undefined ? [] : [id]);

/** One service of a client, as the target of `file.*` actions. */
export function clientServiceTarget(client: FileClient, handlers: ServiceHandlers): TargetFacts {
  return {
    id: client.id,
    roleId: ROLE_ID.client,
    firmId: client.firmId,
    createdBy: client.createdBy,
    assignsToStaff: client.assignsToStaff,
    handlers: {
      pcIds: idsOf(handlers?.pcId),
      executorIds: idsOf(handlers?.executorId),
      mpcIds: idsOf(handlers?.mpcId),
    },
  };
}

/**
 * A file or folder of a client whose files the caller already reaches (`file.read`), as the target of
 * `file.delete` and `folder.delete`: what matters then is who put it there and what the client may delete.
 */
export function clientItemTarget(clientId: number, item: { ownerId: number | null; clientMayDelete: boolean }) {
  return { id: clientId, roleId: ROLE_ID.client, firmId: null, createdBy: null, item } satisfies TargetFacts;
}
