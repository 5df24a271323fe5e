import { type Kysely, sql } from 'kysely';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { joinServiceHandling } from '../../db/service-handling.js';

// Public to other modules: a request is read with its work item (requests.repository.ts builds on this
// query), so both answer and authorise from the same columns.

/**
 * One work item with what its answer and its access decision read: the client (name, firm, creator,
 * mode), the service, the rule's event, the assignee, the reviewer and verifier, and who handles that client service.
 */
export function selectWorkItems(db: Kysely<DB>) {
  const nameOf = (
    alias: string,
    key: 'work_items.reviewer_id' | 'work_items.verified_by',
    part: 'first_name' | 'last_name',
  ) =>
    db
      .selectFrom(`users as ${alias}` as 'users')
      .select(sql<string>`${sql.ref(`${alias}.${part}`)}`.as(part))
      .where(sql.ref(`${alias}.id`), '=', sql.ref(key));
  return db
    .selectFrom('work_items')
    .$call(joinPersonName('client', 'work_items.client_id', 'inner'))
    .innerJoin('services', 'services.id', 'work_items.service_id')
    .leftJoin('compliance_rules as rule', 'rule.id', 'work_items.rule_id')
    .$call(joinPersonName('assignee', 'work_items.assignee_id'))
    .$call(joinServiceHandling('work_items.client_id', 'work_items.service_id'))
    .select([
      'work_items.id',
      'work_items.firm_id',
      'work_items.client_id',
      'work_items.service_id',
      'work_items.rule_id',
      'work_items.period',
      'work_items.title',
      'work_items.due_date',
      'work_items.event_date',
      'work_items.assignee_id',
      'work_items.status',
      'work_items.is_open',
      'work_items.filed_on',
      'work_items.ack_number',
      'work_items.notes',
      'work_items.reviewer_id',
      'work_items.verified_by',
      'work_items.verified_at',
      'work_items.review_note',
      'work_items.udin',
      'work_items.signed_on',
      'work_items.created_by',
      'work_items.created_at',
      'work_items.updated_at',
      'client.firm_id as client_firm_id',
      'client.created_by as client_created_by',
      'client.assign_service_type as client_assign_service_type',
      'client.state as client_state',
      'services.service_name',
      'rule.event_name',
      // The reviewer's and verifier's names by key, not by join: two more joins would pass PostgreSQL's
      // join_collapse_limit (8) in the request lists built on this query, and its planner then scans users.
      nameOf('reviewer', 'work_items.reviewer_id', 'first_name').as('reviewer_first_name'),
      nameOf('reviewer', 'work_items.reviewer_id', 'last_name').as('reviewer_last_name'),
      nameOf('verifier', 'work_items.verified_by', 'first_name').as('verifier_first_name'),
      nameOf('verifier', 'work_items.verified_by', 'last_name').as('verifier_last_name'),
      'handling.pc_id as handling_pc_id',
      'handling.executor_id as handling_executor_id',
      'handling.mpc_id as handling_mpc_id',
    ]);
}

export type WorkItemRow = Awaited<ReturnType<ReturnType<typeof selectWorkItems>['executeTakeFirstOrThrow']>>;
