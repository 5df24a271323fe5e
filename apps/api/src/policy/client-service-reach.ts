import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { ClientServiceScope } from './client-service-scope.js';

/**
 * Where a record's client service is read from: its firm, client and service (columns of the list's
 * table, or values for one service), and how "assigned to this user" reads for it (work items and
 * requests; a bare client service has no assignee).
 */
export type ClientServiceColumns = {
  firm: Expression<number | null>;
  client: Expression<number>;
  service: Expression<number>;
  assignedTo?: (userId: number) => Expression<SqlBool>;
  /** Work items: "this user reviews it" (maker-checker). */
  reviewedBy?: (userId: number) => Expression<SqlBool>;
  /**
   * The row's client, already joined (its `firm` is `firm` above): who created it and its PC/Executor
   * mode are then read on the row. A search walks a few matches, where listing every client the caller
   * created or handles cost more than the search itself (8 ms for a PC of 6,000 clients).
   */
  clientRow?: { createdBy: Expression<number | null>; assignMode: Expression<number> };
};

/**
 * One part of a reach: its kind (a list's search reads each kind's clients its own way) and its SQL;
 * `wholeFirm` when the part is every row of that firm and nothing less (the MPC's), which a list may
 * count from the firm's kept counts. `named`: its clients are named in the SQL (a few handed ones), so a
 * list reads them client by client and puts their rows in order itself.
 */
export type ReachPart = {
  kind: 'firm' | 'own' | 'delegated';
  condition: Expression<SqlBool>;
  wholeFirm?: number;
  named: boolean;
};

const eb = expressionBuilder<DB, never>();
const never = sql<SqlBool>`1 = 0`;

/**
 * The one SQL reading of the access table's client-service relations (`self`, `firm`, `created`,
 * `assigned`, `assignee`, `reviewer`, `delegated`, `delegated-assignee`, `delegated-handler`;
 * policy/client-service-scope.ts). Every list of files' services,
 * work items and requests, and every check of one of them (a list of one id), reads reach from here,
 * so the rows a list shows and the records a caller may open cannot disagree. The parts never overlap
 * (the firm's, a client's own, the services other firms handed an MPC), so a list reads each in index
 * order and merges them rather than an OR the database would have to sort.
 */
export function clientServiceReach(scope: ClientServiceScope, columns: ClientServiceColumns): ReachPart[] {
  const parts: ReachPart[] = [];
  const firm = scope.withinFirm;
  if (
    firm !== undefined &&
    (scope.wholeFirm ||
      scope.createdBy !== undefined ||
      scope.assignedAs ||
      scope.assigneeId !== undefined ||
      scope.reviewerId !== undefined)
  ) {
    const top = eb(columns.firm, '=', firm);
    const branches: Expression<SqlBool>[] = [];
    const row = columns.clientRow;
    if (scope.createdBy !== undefined && row) branches.push(eb(row.createdBy, '=', scope.createdBy));
    else if (scope.createdBy !== undefined)
      branches.push(
        eb(
          columns.client,
          'in',
          eb
            .selectFrom('users as own')
            .select('own.id')
            .where('own.created_by', '=', scope.createdBy)
            .where('own.firm_id', '=', firm),
        ),
      );
    if (scope.assignedAs && row) {
      const { column, userId } = scope.assignedAs;
      branches.push(eb.and([eb(row.assignMode, '=', 1), eb.exists(handledBy(columns, column, userId))]));
    } else if (scope.assignedAs) {
      const { column, userId } = scope.assignedAs;
      branches.push(
        eb.and([
          // Clients in PC/Executor mode among the few this person handles: read once, not per row.
          eb(
            columns.client,
            'in',
            eb
              .selectFrom('users as staffed')
              .select('staffed.id')
              .where('staffed.firm_id', '=', firm)
              .where('staffed.assign_service_type', '=', 1)
              .where(
                'staffed.id',
                'in',
                eb
                  .selectFrom('service_assignments as mine')
                  .select('mine.client_id')
                  .where(`mine.${column}`, '=', userId),
              ),
          ),
          // And the row's own service is the one handled (the unique (client, service) index).
          eb.exists(handledBy(columns, column, userId)),
        ]),
      );
    }
    if (scope.assigneeId !== undefined && columns.assignedTo) branches.push(columns.assignedTo(scope.assigneeId));
    if (scope.reviewerId !== undefined && columns.reviewedBy) branches.push(columns.reviewedBy(scope.reviewerId));
    const condition = scope.wholeFirm ? eb.and([top]) : eb.and([top, branches.length > 0 ? eb.or(branches) : never]);
    parts.push({ kind: 'firm', condition, named: false, ...(scope.wholeFirm ? { wholeFirm: firm } : {}) });
  }
  if (scope.clientId !== undefined)
    parts.push({ kind: 'own', condition: eb.and([eb(columns.client, '=', scope.clientId)]), named: false });
  if (scope.delegatedMpcId !== undefined) {
    const mpcId = scope.delegatedMpcId;
    const condition = eb.and([
      // The handful of clients handed to this MPC: named when read beforehand, else read through the
      // assignments' index first.
      scope.delegatedClientIds !== undefined
        ? scope.delegatedClientIds.length > 0
          ? eb(columns.client, 'in', [...scope.delegatedClientIds])
          : never
        : eb(
            columns.client,
            'in',
            eb
              .selectFrom('service_assignments as shared')
              .innerJoin('users as shared_client', 'shared_client.id', 'shared.client_id')
              .select('shared.client_id')
              .where('shared.mpc_id', '=', mpcId)
              .where('shared_client.assign_service_type', '=', 0),
          ),
      eb.exists(handledBy(columns, 'mpc_id', mpcId)),
      ...(firm !== undefined ? [eb(columns.firm, '!=', firm)] : []),
      ...handedOnTo(scope, columns),
    ]);
    parts.push({ kind: 'delegated', condition, named: scope.delegatedClientIds !== undefined });
  }
  return parts;
}

/**
 * A PC's or executor's share of the services handed to its firm's MPC (docs/decisions/0047): the work
 * items the MPC handed it (and their requests), or the services holding one (their files). Only ever
 * beside the MPC's handful of handed clients above, which the list reads first.
 */
function handedOnTo(scope: ClientServiceScope, columns: ClientServiceColumns): Expression<SqlBool>[] {
  const narrowings: Expression<SqlBool>[] = [];
  if (scope.delegatedAssigneeId !== undefined)
    narrowings.push(columns.assignedTo ? columns.assignedTo(scope.delegatedAssigneeId) : never);
  if (scope.delegatedHandlerId !== undefined) narrowings.push(eb.exists(workHeldBy(columns, scope.delegatedHandlerId)));
  if (narrowings.length === 0) return [];
  return [narrowings.length === 1 ? (narrowings[0] as Expression<SqlBool>) : eb.or(narrowings)];
}

/** A work item of the row's client service assigned to `userId` (the client's `(client_id, due_date, id)` range). */
export function workHeldBy(columns: Pick<ClientServiceColumns, 'client' | 'service'>, userId: number) {
  return eb
    .selectFrom('work_items as held')
    .select('held.id')
    .where((inner) =>
      inner.and([
        inner('held.client_id', '=', columns.client),
        inner('held.service_id', '=', columns.service),
        inner('held.assignee_id', '=', userId),
      ]),
    );
}

/**
 * Service assignments (`service_assignments` rows) with a work item of their client service assigned to
 * `userId`; every row when it is undefined. Use with `$call` on a read of that table.
 */
export function whereAssignmentWorkHeldBy(userId: number | undefined) {
  const held =
    userId === undefined
      ? undefined
      : eb.exists(
          workHeldBy(
            { client: sql.ref('service_assignments.client_id'), service: sql.ref('service_assignments.service_id') },
            userId,
          ),
        );
  return <QB extends { where(expression: Expression<SqlBool>): QB }>(query: QB): QB =>
    held === undefined ? query : query.where(held);
}

/** The assignment of the row's client service, if `userId` handles it in `column`. */
function handledBy(columns: ClientServiceColumns, column: 'pc_id' | 'executor_id' | 'mpc_id', userId: number) {
  return eb
    .selectFrom('service_assignments as handled')
    .select('handled.id')
    .where((inner) =>
      inner.and([
        inner('handled.client_id', '=', columns.client),
        inner('handled.service_id', '=', columns.service),
        inner(`handled.${column}`, '=', userId),
      ]),
    );
}

/** Any part of the reach: a check of one record (a list of one id). */
export function withinReach(parts: ReachPart[]): Expression<SqlBool> {
  if (parts.length === 0) return never;
  return parts.length === 1 ? (parts[0] as ReachPart).condition : eb.or(parts.map((part) => part.condition));
}
