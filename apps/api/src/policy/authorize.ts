import { ROLE_ID, ROLES, type RoleName } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import { type AccessRule, type Action, type Relation, rulesFor } from './access-table.js';
import type { UserScope } from './user-scope.js';

/** Who acts: a signed-in user, or a user a signed link was made for. */
export type Subject = Pick<Actor, 'id' | 'role' | 'firmId'> &
  Partial<Pick<Actor, 'status' | 'billingGranted' | 'rightsGranted'>>;

/** The target as the table's relations read it: a user, or (for file actions) a client and one service. */
export type TargetFacts = {
  id: number;
  roleId: number;
  firmId: number | null;
  createdBy: number | null;
  /** Clients: whether their services go to the firm's staff (PC/Executor mode) or another firm's MPC. */
  assignsToStaff?: boolean;
  /** Clients: who handles their services (all of them for user actions, the one service for files). */
  handlers?: { pcIds: number[]; executorIds: number[]; mpcIds: number[] };
  /**
   * A file or folder in that service: who uploaded or created it, whether the client may delete it, and
   * (in the trash) who deleted it.
   */
  item?: { ownerId: number | null; clientMayDelete: boolean; deletedBy?: number | null };
  /** Work items: who the item is assigned to. */
  workAssigneeId?: number | null;
  /**
   * Client services another firm handed over: people a work item of the service is assigned to, as far as
   * the reader looked (a work item knows its own assignee; a check of one service asks about its caller).
   */
  serviceWorkAssigneeIds?: number[];
  /** Work items: who checks it (maker-checker). */
  workReviewerId?: number | null;
};

const ROLE_NAME_BY_ID = new Map<number, RoleName>(ROLES.map((role) => [role.role_id, role.name]));
const roleNameOf = (roleId: number): RoleName | undefined => ROLE_NAME_BY_ID.get(roleId);

/** The caller itself as a target: of its own files (a client's recent files), of its own firm (its MPC). */
export const selfTarget = (actor: Subject): TargetFacts => ({
  id: actor.id,
  roleId: ROLE_ID[actor.role],
  firmId: actor.firmId,
  createdBy: null,
});

/** The firm an actor belongs to: an MPC leads its own. */
export const firmOf = (subject: Subject): number | null => (subject.role === 'mpc' ? subject.id : subject.firmId);

/** Whether the subject stands in `relation` to the target. */
function holds(relation: Relation, subject: Subject, target: TargetFacts): boolean {
  const registering = subject.status === 'created';
  // A user still completing its registration reaches only its own record.
  if (registering && relation !== 'self' && relation !== 'registering-self') return false;
  const firm = firmOf(subject);
  switch (relation) {
    case 'self':
      return target.id === subject.id;
    case 'registering-self':
      return registering && target.id === subject.id;
    case 'platform':
      return true;
    case 'firm':
      return firm !== null && target.firmId === firm && target.id !== subject.id;
    case 'firm-biller':
      return subject.billingGranted === true && firm !== null && target.firmId === firm && target.id !== subject.id;
    case 'firm-rights':
      return subject.rightsGranted === true && firm !== null && target.firmId === firm && target.id !== subject.id;
    case 'created':
      return firm !== null && target.firmId === firm && target.createdBy === subject.id;
    case 'assigned': {
      if (firm === null || target.firmId !== firm || target.assignsToStaff !== true) return false;
      const handlers = subject.role === 'pc' ? target.handlers?.pcIds : target.handlers?.executorIds;
      return (handlers ?? []).includes(subject.id);
    }
    case 'delegated':
      return target.assignsToStaff === false && (target.handlers?.mpcIds ?? []).includes(subject.id);
    // The receiving firm's PC or executor, through work its MPC handed it (docs/decisions/0047).
    case 'delegated-assignee':
      return handedToFirmOf(subject, target) && target.workAssigneeId === subject.id;
    case 'delegated-handler':
      return handedToFirmOf(subject, target) && (target.serviceWorkAssigneeIds ?? []).includes(subject.id);
    // A file or folder: only where the subject opens the service's files, then by who put it there.
    case 'own-upload':
      return opensFiles(subject, target) && target.item?.ownerId === subject.id;
    case 'client-may-delete':
      return opensFiles(subject, target) && target.item?.clientMayDelete === true;
    case 'reachable':
      return opensFiles(subject, target);
    case 'own-deletion':
      return opensFiles(subject, target) && target.item?.deletedBy === subject.id;
    case 'assignee':
      return (
        firm !== null &&
        target.firmId === firm &&
        target.workAssigneeId !== undefined &&
        target.workAssigneeId === subject.id
      );
    case 'reviewer':
      return target.workReviewerId !== undefined && target.workReviewerId === subject.id;
  }
}

/** A client service of another firm, in MPC mode, handed to the MPC of the subject's firm. */
function handedToFirmOf(subject: Subject, target: TargetFacts): boolean {
  const firm = firmOf(subject);
  return (
    firm !== null &&
    target.firmId !== firm &&
    target.assignsToStaff === false &&
    (target.handlers?.mpcIds ?? []).includes(firm)
  );
}

/** Whether a `file.read` row opens this client service to the subject (items are judged within it). */
function opensFiles(subject: Subject, target: TargetFacts): boolean {
  return rulesFor(subject.role, 'file.read').some((rule) => grants(rule, subject, target));
}

function grants(rule: AccessRule, subject: Subject, target: TargetFacts): boolean {
  const targetRole = roleNameOf(target.roleId);
  return targetRole !== undefined && rule.targets.includes(targetRole) && holds(rule.relation, subject, target);
}

/** The one per-record decision: does a row of the table grant `action` on `target` to `subject`? */
export function authorize(subject: Subject, action: Action, target: TargetFacts): boolean {
  // A user still completing its registration may see and complete its own record, nothing more.
  if (subject.status === 'created' && action !== 'user.view' && action !== 'user.edit') return false;
  return rulesFor(subject.role, action).some((rule) => grants(rule, subject, target));
}

/** Whether the subject may do `action` at all, on some record (route-level abilities, tabs). */
export function mayEver(subject: Subject, action: Action): boolean {
  return rulesFor(subject.role, action).some((rule) => grantedToSubject(rule, subject));
}

/**
 * Whether a row applies to the subject at all: a `firm-biller` row only while its MPC lets it bill, a
 * `firm-rights` row only while it lets it handle data requests.
 */
function grantedToSubject(rule: AccessRule, subject: Subject): boolean {
  if (rule.relation === 'firm-biller') return subject.billingGranted === true;
  if (rule.relation === 'firm-rights') return subject.rightsGranted === true;
  return true;
}

/** The client services another firm handed an MPC, as data for SQL (`delegatedScopeFor`). */
export type DelegatedScope = {
  /** The MPC the assignments name: the subject, or the MPC of its firm. */
  mpcId: number;
  assignsToStaff: false;
  /** The receiving firm's PC or executor: only the services with a work item assigned to it. */
  workOf?: number;
};

/**
 * The client services handed to this subject's firm by another firm (the `delegated` and
 * `delegated-handler` rows of `file.read`), as data for SQL: assignments naming the MPC, of clients in MPC
 * mode; for a PC or executor, those with work assigned to it. Null when no row grants it.
 */
export function delegatedScopeFor(subject: Subject): DelegatedScope | null {
  if (subject.status === 'created') return null;
  const relations = new Set(rulesFor(subject.role, 'file.read').map((rule) => rule.relation));
  if (relations.has('delegated')) return { mpcId: subject.id, assignsToStaff: false };
  const firm = firmOf(subject);
  if (relations.has('delegated-handler') && firm !== null)
    return { mpcId: firm, assignsToStaff: false, workOf: subject.id };
  return null;
}

const ASSIGNEE_COLUMN: Partial<Record<RoleName, 'pc_id' | 'executor_id'>> = { pc: 'pc_id', executor: 'executor_id' };

/**
 * The users `action` may reach, as data for SQL (users repository): the same rows as `authorize`. A
 * role has at most one of platform/firm/created per action, so the scope is one condition on role,
 * firm and creator, or self, or an assignment.
 */
export function scopeFor(subject: Subject, action: Action): UserScope {
  const scope: UserScope = { roleIds: [] };
  for (const rule of rulesFor(subject.role, action)) {
    if (subject.status === 'created' && rule.relation !== 'self' && rule.relation !== 'registering-self') continue;
    switch (rule.relation) {
      case 'self':
        scope.selfId = subject.id;
        break;
      case 'registering-self':
        if (subject.status === 'created') scope.selfId = subject.id;
        break;
      case 'platform':
        scope.roleIds = rule.targets.map((role) => ROLE_ID[role]);
        break;
      case 'firm':
        scope.roleIds = rule.targets.map((role) => ROLE_ID[role]);
        scope.firmId = firmOf(subject) ?? -1;
        break;
      case 'firm-biller':
        // The firm's users while the MPC lets the subject bill; nobody (an empty scope) until then.
        if (subject.billingGranted !== true) break;
        scope.roleIds = rule.targets.map((role) => ROLE_ID[role]);
        scope.firmId = firmOf(subject) ?? -1;
        break;
      case 'firm-rights':
        // The firm's clients while the MPC lets the subject handle data requests; nobody until then.
        if (subject.rightsGranted !== true) break;
        scope.roleIds = rule.targets.map((role) => ROLE_ID[role]);
        scope.firmId = firmOf(subject) ?? -1;
        break;
      case 'created':
        scope.roleIds = rule.targets.map((role) => ROLE_ID[role]);
        scope.firmId = firmOf(subject) ?? -1;
        scope.createdBy = subject.id;
        break;
      case 'assigned': {
        const column = ASSIGNEE_COLUMN[subject.role];
        const firm = firmOf(subject);
        if (column && firm !== null) scope.assignedAs = { column, userId: subject.id, firmId: firm };
        break;
      }
      default:
        throw new Error(`${rule.relation} cannot scope a list of users (${action})`);
    }
  }
  // Every relation but `platform` stays inside the actor's firm, its own record included.
  const firm = firmOf(subject);
  const platformWide = rulesFor(subject.role, action).some((rule) => rule.relation === 'platform');
  if (!platformWide && firm !== null) scope.withinFirm = firm;
  return scope;
}
