import { ROLE_ID } from '@portal/contract/roles';
import { type Expression, type ExpressionBuilder, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../db/dialect-of.js';
import type { DB } from '../db/schema.js';
import type { UserScope } from './user-scope.js';

/**
 * How the assignment branch asks whether a row is one of the person's clients. `set`: the clients are
 * read once through `(pc_id | executor_id, client_id)` into a list, for statements that read the reach
 * whole (grouped counts). `probe`: each row read is looked up in that index, for statements that stop
 * early (a page in index order, one id): a PC handling 6,700 clients built that list for a page of ten.
 */
export type AssignmentReading = 'set' | 'probe';

type Reach = {
  /** ANDed on top of everything: the firm, which an index can start with. */
  top: Expression<SqlBool>[];
  /** The branches, ORed; null when the top alone is the reach (every other branch is a subset). */
  branches: Expression<SqlBool>[] | null;
  /** The assignment branch without its membership test, when the scope has one that can hold the role. */
  assigned?: { column: 'pc_id' | 'executor_id'; userId: number; rest: Expression<SqlBool>[] };
};

function readReach(eb: ExpressionBuilder<DB, 'users'>, scope: UserScope, roleId?: number): Reach {
  const top = scope.withinFirm !== undefined ? [eb('users.firm_id', '=', scope.withinFirm)] : [];
  const roles = roleId === undefined ? scope.roleIds : scope.roleIds.filter((id) => id === roleId);
  const branches: Expression<SqlBool>[] = [];
  if (roles.length > 0) {
    const parts = [
      ...(roleId === undefined ? [eb('users.role_id', 'in', roles)] : []),
      ...(scope.firmId !== undefined && scope.firmId !== scope.withinFirm
        ? [eb('users.firm_id', '=', scope.firmId)]
        : []),
      ...(scope.createdBy !== undefined ? [eb('users.created_by', '=', scope.createdBy)] : []),
    ];
    // The role (and firm) alone: every other branch is a subset of this one.
    if (parts.length === 0) return { top, branches: null };
    branches.push(eb.and(parts));
  }
  if (scope.selfId !== undefined) branches.push(eb('users.id', '=', scope.selfId));
  if (!scope.assignedAs || (roleId !== undefined && roleId !== ROLE_ID.client)) return { top, branches };
  const { column, userId, firmId } = scope.assignedAs;
  const rest = [
    ...(roleId === undefined ? [eb('users.role_id', '=', ROLE_ID.client)] : []),
    ...(firmId !== scope.withinFirm ? [eb('users.firm_id', '=', firmId)] : []),
    // Assignments count while the client's services go to the firm's own staff.
    eb('users.assign_service_type', '=', 1),
  ];
  return { top, branches, assigned: { column, userId, rest } };
}

/** Is the row one of the clients `userId` handles a service of, read as `reading` says. */
function handledBy(
  eb: ExpressionBuilder<DB, 'users'>,
  assigned: NonNullable<Reach['assigned']>,
  reading: AssignmentReading,
): Expression<SqlBool> {
  const { column, userId } = assigned;
  if (reading === 'set')
    return eb(
      'users.id',
      'in',
      eb.selectFrom('service_assignments').select('service_assignments.client_id').where(column, '=', userId),
    );
  return eb.exists(
    eb
      .selectFrom('service_assignments')
      .select('service_assignments.client_id')
      .where(column, '=', userId)
      .whereRef('service_assignments.client_id', '=', 'users.id'),
  );
}

/**
 * The one SQL reading of the access table's user relations (policy/user-scope.ts): every list of users and
 * every check of one user (a list of one id) reads reach from here. Written so an index can serve
 * it: the firm (every actor's reach but the admin's) is a top-level AND, not one arm of an OR, and when
 * the caller names the role it lists, only the branches that can hold that role are kept, so a firm's
 * list of its clients is `firm_id = ? and role_id = ?` read in index order (docs/performance.md).
 */
export function userScopeCondition(
  eb: ExpressionBuilder<DB, 'users'>,
  scope: UserScope,
  roleId?: number,
  reading: AssignmentReading = 'set',
) {
  const reach = readReach(eb, scope, roleId);
  if (reach.branches === null) return reach.top.length > 0 ? eb.and(reach.top) : sql<boolean>`1 = 1`;
  const branches = [...reach.branches];
  if (reach.assigned) branches.push(eb.and([...reach.assigned.rest, handledBy(eb, reach.assigned, reading)]));
  if (branches.length === 0) return sql<boolean>`1 = 0`;
  const either = branches.length === 1 ? (branches[0] as Expression<SqlBool>) : eb.or(branches);
  return reach.top.length > 0 ? eb.and([...reach.top, either]) : either;
}

/** False for NULL too, so `not` of it keeps the rows a branch does not hold (a client with no creator). */
const holds = (condition: Expression<SqlBool>) => sql<SqlBool>`coalesce(${condition}, 1 = 0)`;

/** Does the count of `roleId` in this scope have an assignment branch beside others it must not count twice. */
export function hasAssignmentBranch(scope: UserScope, roleId: number): boolean {
  if (!scope.assignedAs || roleId !== ROLE_ID.client) return false;
  const wholeFirm =
    scope.roleIds.includes(roleId) &&
    scope.createdBy === undefined &&
    (scope.firmId === undefined || scope.firmId === scope.withinFirm);
  return !wholeFirm;
}

/**
 * How many users of `roleId` a scope with an assignment branch reaches (a PC's or an executor's clients).
 * The OR of the branches is counted as a sum of parts, each excluding the branches before it, each read
 * from its own index: the created ones through `created_by`, the actor itself by key, the handled clients
 * from `(pc_id | executor_id, client_id)`, each then looked up by key. The OR read whole walked every
 * client row of the firm (20k in the probe firm) to count the 6,700 a PC handles (docs/performance.md).
 */
export async function countUsersInReach(db: Kysely<DB>, scope: UserScope, roleId: number): Promise<number> {
  const eb = expressionBuilder<DB, 'users'>();
  const { top, branches, assigned } = readReach(eb, scope, roleId);
  if (!hasAssignmentBranch(scope, roleId) || !assigned || branches === null)
    throw new Error('countUsersInReach: the scope has no assignment branch to count');
  const ofRole = [...top, eb('users.role_id', '=', roleId)];
  const notIn = (before: Expression<SqlBool>[]) => before.map((branch) => eb.not(holds(branch)));
  const parts = branches.map((branch, index) =>
    db
      .selectFrom('users')
      .select(eb.fn.countAll().as('n'))
      .where(eb.and([...ofRole, branch, ...notIn(branches.slice(0, index))])),
  );
  // Read from the person's clients (distinct: one may be handled in several services), each looked up by
  // key. PostgreSQL misjudged a join's rows (the NOT COALESCE terms) and hashed the whole users table
  // against the clients, so there each is a scalar subquery; SQLite's join is a tenth cheaper.
  const handled = db
    .selectFrom('service_assignments')
    .select('service_assignments.client_id')
    .distinct()
    .where(assigned.column, '=', assigned.userId)
    .as('handled');
  const inReach = eb.and([...ofRole, ...assigned.rest, ...notIn(branches)]);
  const assignedPart =
    dialectOf(db as unknown as Kysely<unknown>) === 'sqlite'
      ? db
          .selectFrom(handled)
          .innerJoin('users', 'users.id', 'handled.client_id')
          .select(eb.fn.countAll().as('n'))
          .where(inReach)
      : db
          .selectFrom(handled)
          .select(eb.fn.countAll().as('n'))
          .where((outer) =>
            outer(
              outer
                .selectFrom('users')
                .select('users.id')
                .whereRef('users.id', '=', 'handled.client_id')
                .where(inReach),
              'is not',
              null,
            ),
          );
  const sum = sql.join(
    [...parts, assignedPart].map((part) => sql`(${part})`),
    sql` + `,
  );
  const { rows } = await sql<{ total: number | string }>`select ${sum} as total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
