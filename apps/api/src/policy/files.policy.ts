import { ROLE_ID } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import { rulesFor } from './access-table.js';
import { delegatedScopeFor, selfTarget, type TargetFacts } from './authorize.js';

/**
 * Endpoint-level file abilities, read from the access table: the recent files of one's own services
 * (whoever `file.read` reaches as `self`: a client); the services other firms hand over (`delegated`).
 */
export const filesPolicy = {
  'files.recent': (actor: Actor) => rulesFor(actor.role, 'file.read').some((rule) => rule.relation === 'self'),
  'files.shared': (actor: Actor) => delegatedScopeFor(actor) !== null,
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

/** A file or folder of that client service, as the target of `file.delete` and `folder.delete`. */
export function clientItemTarget(
  service: TargetFacts,
  item: { ownerId: number | null; clientMayDelete: boolean },
): TargetFacts {
  return { ...service, item };
}

/** The caller's own files (a client's recent files), as the target of `file.*` actions. */
export function ownFilesTarget(actor: Actor): TargetFacts {
  return selfTarget(actor);
}
