import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { Actor } from '../../src/auth/actor.js';
import { ACCESS_TABLE, type Action, type Relation } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';

/**
 * The access test's own reading of the table (issue 21): what each relation means, written here again from
 * docs/authorization.md, not taken from `policy/authorize.ts`. The table's rows are the specification both
 * read; a fault in either reading of a relation (the interpreter, a list's SQL) makes the endpoints and
 * this oracle disagree.
 */

const ROLE_BY_ID = new Map<number, RoleName>(Object.entries(ROLE_ID).map(([name, id]) => [id, name as RoleName]));

/** The firm a person works in: an MPC's firm is the MPC itself. */
const firmIdOf = (actor: Actor): number | null => (actor.role === 'mpc' ? actor.id : actor.firmId);

/** Who handles the target for the actor's own role, when the actor works as that kind of handler. */
function handledBy(actor: Actor, target: TargetFacts): number[] {
  if (actor.role === 'pc') return target.handlers?.pcIds ?? [];
  if (actor.role === 'executor') return target.handlers?.executorIds ?? [];
  return [];
}

/** Does `actor` stand in `relation` to `target`, as docs/authorization.md defines each relation? */
function relationHolds(relation: Relation, actor: Actor, target: TargetFacts): boolean {
  const sameFirm = firmIdOf(actor) !== null && target.firmId === firmIdOf(actor);
  const isSelf = target.id === actor.id;
  switch (relation) {
    case 'self':
      return isSelf;
    case 'registering-self':
      return isSelf && actor.status === 'created';
    case 'platform':
      return true;
    case 'firm':
      // "A user of the actor's firm": someone else; the actor's own record is `self`.
      return sameFirm && !isSelf;
    case 'firm-biller':
      // "Of its firm, while its MPC lets it bill": the firm relation, only for a person granted billing.
      return actor.billingGranted === true && sameFirm && !isSelf;
    case 'firm-rights':
      // "Of its firm, while its MPC lets it handle data requests": the firm relation, only for a person granted it.
      return actor.rightsGranted === true && sameFirm && !isSelf;
    case 'created':
      return sameFirm && target.createdBy === actor.id;
    case 'assigned':
      // Only while the client is in PC/Executor mode, and only for the kind of handler the actor is.
      return sameFirm && target.assignsToStaff === true && handledBy(actor, target).includes(actor.id);
    case 'delegated':
      // Another firm's client in MPC mode whose service names this MPC.
      return target.assignsToStaff === false && (target.handlers?.mpcIds ?? []).includes(actor.id);
    case 'own-upload':
      return opensServiceFiles(actor, target) && target.item?.ownerId === actor.id;
    case 'client-may-delete':
      return opensServiceFiles(actor, target) && target.item?.clientMayDelete === true;
    case 'reachable':
      return opensServiceFiles(actor, target);
    case 'own-deletion':
      // "In the trash, that it deleted itself": who deleted the item, not who made it.
      return opensServiceFiles(actor, target) && target.item?.deletedBy === actor.id;
    case 'assignee':
      // "A work item of its firm assigned to it."
      return (
        sameFirm &&
        target.workAssigneeId !== undefined &&
        target.workAssigneeId !== null &&
        target.workAssigneeId === actor.id
      );
    case 'delegated-assignee':
      // "Of a work item assigned to it, of a service another firm delegated to its firm's MPC (while delegated)."
      return handedToActorsFirm(actor, target) && target.workAssigneeId === actor.id;
    case 'delegated-handler':
      // "Delegated to its firm's MPC by another firm, while a work item of that service is assigned to it."
      return handedToActorsFirm(actor, target) && (target.serviceWorkAssigneeIds ?? []).includes(actor.id);
    case 'reviewer':
      // "A work item it is named to review", whoever its client is.
      return (
        target.workReviewerId !== undefined && target.workReviewerId !== null && target.workReviewerId === actor.id
      );
  }
}

/** Another firm's client in MPC mode whose service names the MPC of the actor's firm. */
function handedToActorsFirm(actor: Actor, target: TargetFacts): boolean {
  const firm = firmIdOf(actor);
  return (
    firm !== null &&
    target.firmId !== firm &&
    target.assignsToStaff === false &&
    (target.handlers?.mpcIds ?? []).includes(firm)
  );
}

/** The client service itself, files aside, is open to the actor (`file.read`). */
function opensServiceFiles(actor: Actor, target: TargetFacts): boolean {
  return oracleAllows(actor, 'file.read', { ...target, item: undefined });
}

/** What the table grants, by this oracle's reading of its relations. */
export function oracleAllows(actor: Actor, action: Action, target: TargetFacts): boolean {
  // A user completing its registration sees and completes its own record, nothing more.
  if (actor.status === 'created' && action !== 'user.view' && action !== 'user.edit') return false;
  const targetRole = ROLE_BY_ID.get(target.roleId);
  return ACCESS_TABLE.some(
    (rule) =>
      rule.action === action &&
      rule.role === actor.role &&
      targetRole !== undefined &&
      rule.targets.includes(targetRole) &&
      // Registering, only one's own record counts.
      (actor.status !== 'created' || rule.relation === 'self' || rule.relation === 'registering-self') &&
      relationHolds(rule.relation, actor, target),
  );
}

/** What an endpoint answers for one record: done, refused on a record the caller sees (403), or hidden (404). */
export type ThreeWay = 'allowed' | 'refused' | 'hidden';

/** The action that makes a record visible at all: without it, the record answers as if it did not exist. */
const SEEN_THROUGH: Partial<Record<Action, Action>> = {
  'user.edit': 'user.view',
  'user.disable': 'user.view',
  'user.enable': 'user.view',
  'user.send_reset': 'user.view',
  'user.reset_2fa': 'user.view',
  'file.upload': 'file.read',
  'file.delete': 'file.read',
  'file.restore_version': 'file.read',
  // A trash entry is seen by whoever may restore it (a client: only what it deleted itself).
  'file.purge': 'file.restore',
  'folder.delete': 'file.read',
  'file.visibility': 'file.read',
  'work.edit': 'work.view',
  'work.review': 'work.view',
  'request.manage': 'request.view',
  'request.upload': 'request.view',
  'checklist.tick': 'checklist.view',
  'dsc.manage': 'dsc.view',
  'billing.manage': 'user.view',
  'billing.grant': 'user.view',
  'breach.record': 'breach.view',
  'breach.notify': 'breach.view',
  'rights.grant': 'user.view',
};

/**
 * Views whose routes first ask whether the caller's role may see such records at all (docs/api-conventions.md:
 * a route a role never may call answers 403, whatever record it names).
 */
const ROUTE_GATED: ReadonlySet<Action> = new Set<Action>([
  'work.view',
  'request.view',
  'checklist.view',
  'breach.view',
]);

/** The answer the conventions ask of one call: allowed, 403 on a visible record, 404 out of reach. */
export function oracleVerdict(actor: Actor, action: Action, target: TargetFacts): ThreeWay {
  if (oracleAllows(actor, action, target)) return 'allowed';
  // The routes of an item ask about its view first: a role that never sees such items is refused there.
  const view = SEEN_THROUGH[action] ?? action;
  const roleMaySee = ACCESS_TABLE.some((rule) => rule.action === view && rule.role === actor.role);
  if (ROUTE_GATED.has(view) && !roleMaySee) return 'refused';
  const seenThrough = SEEN_THROUGH[action];
  return seenThrough && oracleAllows(actor, seenThrough, target) ? 'refused' : 'hidden';
}
