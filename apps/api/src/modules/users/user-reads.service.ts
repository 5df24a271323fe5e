import { findRoleName, ROLE_ID, ROLES } from '@portal/contract/roles';
import type {
  RoleSummary,
  RoleTotal,
  UserDetail,
  UserListPage,
  UserListQuery,
  UserOption,
  UserSensitive,
} from '@portal/contract/users';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden } from '../../http/http-error.js';
import { countScopeFor, type UserScope, userScopeFor } from '../../policy/user-scope.js';
import { canCreateRole, canListRole } from '../../policy/users.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  listAssignmentsOfClients,
  listServicesOfUsers,
  summarizeServiceUsage,
} from '../client-services/client-services.service.js';
import { presentSensitiveSubForm, presentSubForm } from './sub-form-secrets.js';
import { groupServicesByUser, presentUserDetail, presentUserOption } from './user.presenter.js';
import { listDocumentStoreNames, listDocumentsOfUser } from './user-documents.repository.js';
import { groupAssigneesByClient, presentUserListItem } from './user-list.presenter.js';
import { countUsers, countUsersByRole, listUserOptions, listUsersPage } from './user-lists.repository.js';
import { groupHandlersByClient, permissionsFor } from './user-permissions.js';
import { countPlatformUsersByRole } from './user-role-counts.repository.js';
import { requireUserInScope, requireUserToActOn } from './users.service.js';

const labelOf = (roleId: number) => ROLES.find((role) => role.role_id === roleId)?.label ?? '';

/**
 * `GET /api/user/userListByRole/{role_id}`: a page of one role in the caller's scope, filtered, searched
 * and sorted in SQL; four queries a page whatever its size (count, rows, staff's services, clients' services
 * with who handles them; a page of one role runs only one of the last two).
 */
export async function listUsersOfRole(
  context: AppContext,
  actor: Actor,
  roleId: number,
  query: UserListQuery,
): Promise<UserListPage> {
  if (!canListRole(actor, roleId)) failForbidden();
  const scope = userScopeFor(actor);
  const filters = {
    roleId,
    name: query.name,
    serviceId: query.service_id,
    mobileNumber: query.mobile_number,
    search: query.search,
  };
  const offset = (query.page - 1) * query.limit;
  const [total, rows] = await Promise.all([
    countUsers(context.db, scope, filters),
    listUsersPage(context.db, scope, {
      filters,
      ordering: { sort: query.sort, order: query.order },
      offset,
      limit: query.limit,
    }),
  ]);
  const clientIds = rows.filter((row) => row.role_id === ROLE_ID.client).map((row) => row.id);
  const staffIds = rows.filter((row) => row.role_id !== ROLE_ID.client).map((row) => row.id);
  // A client's services come with who handles them (one row per service); staff's on their own.
  const [staffServices, assignments] = await Promise.all([
    listServicesOfUsers(context.db, staffIds),
    listAssignmentsOfClients(context.db, clientIds),
  ]);
  const servicesByUser = groupServicesByUser([
    ...staffServices,
    ...assignments.map((row) => ({
      user_id: row.client_id,
      service_id: row.service_id,
      service_name: row.service_name,
    })),
  ]);
  const assigneesByClient = groupAssigneesByClient(rows, assignments);
  const handlersByClient = groupHandlersByClient(assignments);
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
    per_page: query.limit,
    total,
    actions: { export: true, import: roleId === ROLE_ID.client && canCreateRole(actor, 'client') },
    data: rows.map((row) =>
      presentUserListItem(
        row,
        servicesByUser.get(row.id) ?? [],
        assigneesByClient.get(row.id) ?? [],
        permissionsFor(actor, row, handlersByClient.get(row.id)),
      ),
    ),
  };
}

export async function listUserOptionsOfRole(context: AppContext, actor: Actor, roleId: number): Promise<UserOption[]> {
  if (!canListRole(actor, roleId)) failForbidden();
  return (await listUserOptions(context.db, userScopeFor(actor), roleId)).map(presentUserOption);
}

/** `GET /api/user/detail/{id}`: one user in scope (404 otherwise) with services and signed document links. */
export async function readUserDetail(context: AppContext, actor: Actor, id: number): Promise<UserDetail> {
  const row = await requireUserInScope(context, actor, id);
  const isClient = row.role_id === ROLE_ID.client;
  const [services, documents, assignments] = await Promise.all([
    listServicesOfUsers(context.db, [row.id]),
    listDocumentsOfUser(context.db, row.id),
    isClient ? listAssignmentsOfClients(context.db, [row.id]) : [],
  ]);
  const permissions = permissionsFor(actor, row, groupHandlersByClient(assignments).get(row.id));
  // The edit form asks before a service with work in it is removed (only its editors need to know).
  const usage =
    permissions.edit && row.role_id === ROLE_ID.client ? await summarizeServiceUsage(context.db, row.id) : null;
  return presentUserDetail(
    row,
    {
      services,
      documents,
      usage,
      subForm: presentSubForm(context.keyring, row.additional_data, context.log),
      assigned: groupAssigneesByClient([row], assignments).get(row.id) ?? [],
    },
    { appKey: context.appKey, now: context.clock.now(), viewerId: actor.id },
    permissions,
  );
}

/**
 * A scope that limits nothing but the roles: the admin's, the whole platform. Read by its entries, so a
 * limit added to `UserScope` later counts as a limit without this having to know it.
 */
function isWholePlatform(scope: UserScope): boolean {
  return Object.entries(scope).every(([key, value]) => key === 'roleIds' || value === undefined);
}

/**
 * `GET /api/user/userByRole`: the dashboard cards, one per role the caller reaches. The whole platform
 * is read from the counts the database keeps (a count over a million users cost 120-180 ms a load).
 */
export async function summarizeUsers(context: AppContext, actor: Actor): Promise<RoleSummary[]> {
  const scope = countScopeFor(actor);
  const counts = isWholePlatform(scope)
    ? await countPlatformUsersByRole(context.db, scope.roleIds)
    : await countUsersByRole(context.db, scope);
  return scope.roleIds.map((roleId) => ({
    role_id: roleId,
    name: labelOf(roleId),
    user_count: counts.get(roleId) ?? 0,
  }));
}

/** `GET /api/user/totalUser/{id}`: the people a user in scope reaches, per role (detail pages). */
export async function totalUsersOf(context: AppContext, actor: Actor, id: number): Promise<RoleTotal[]> {
  const target = await requireUserInScope(context, actor, id);
  const role = findRoleName(target.role_id);
  // What the target's own dashboard would count (`user.count`): nothing for a client.
  const scope = role ? countScopeFor({ id: target.id, role, firmId: target.firm_id }) : { roleIds: [] };
  if (scope.roleIds.length === 0) return [];
  const counts = isWholePlatform(scope)
    ? await countPlatformUsersByRole(context.db, scope.roleIds)
    : await countUsersByRole(context.db, scope);
  return scope.roleIds.map((roleId) => ({ role_id: roleId, name: labelOf(roleId), total: counts.get(roleId) ?? 0 }));
}

/**
 * `GET /api/user/{id}/sensitive`: the sub-form's secrets in full for the edit form, only to someone who
 * may edit the user (404 outside the caller's scope, 403 within it); each read leaves an audit row, and
 * the Aadhaar numbers it opens from the vault one more (`aadhaar.read`: who, whose, why).
 */
export async function readUserSensitive(
  context: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<UserSensitive> {
  const row = await requireUserToActOn(context, actor, id, 'user.edit');
  await recordAudit(context.db, {
    actorId: actor.id,
    action: 'user.sensitive_read',
    entityType: 'user',
    entityId: row.id,
    ip,
    at: context.clock.now(),
  });
  return presentSensitiveSubForm(context, row, { actorId: actor.id, ip, reason: 'edit_form' });
}

/** Of these blob keys, the ones a user document's row names (asked by the orphan sweep, scheduled-work). */
export async function findKeysNamedByDocuments(
  context: Pick<AppContext, 'db' | 'documents'>,
  keys: string[],
): Promise<Set<string>> {
  // A key the portal never makes (a file put there by hand) is not the sweep's: it counts as kept.
  const foreign = keys.filter((key) => !context.documents.storeNameOf(key));
  const storeNames = keys.flatMap((key) => context.documents.storeNameOf(key) ?? []);
  if (storeNames.length === 0) return new Set(foreign);
  const named = await listDocumentStoreNames(context.db, storeNames);
  return new Set([...foreign, ...named.map((storeName) => context.documents.keyOf(storeName))]);
}
