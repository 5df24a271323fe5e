import { ROLE_ID } from '@portal/contract/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { joinServiceHandling } from '../../db/service-handling.js';

/** One rule's period as one statement inserts it (work-plan.ts), for the clients who take its service. */
export type PeriodInsert = {
  ruleId: number;
  serviceId: number;
  period: string;
  title: string;
  dueDate: string;
  /** Only clients who took the service before this instant (the due date's end in India); null: any. */
  takenBefore: string | null;
  /** Only clients whose state is written as one of these (null: none written); null: every client. */
  states: (string | null)[] | null;
  /** Only this client (its services changed). */
  clientId?: number;
  now: string;
};

/**
 * Inserts a rule's period for every client who takes its service (not disabled, in a firm) and has no
 * item of it yet: one INSERT ... SELECT whatever the number of clients, the unique key (client, rule,
 * period) skipping those that have one, so two servers planning at once each insert what the other has
 * not. Assigned as `defaultAssigneeOf` (work-defaults.ts) says: in PC/Executor mode the PC, else the
 * executor; in MPC mode the MPC it was handed to. Answers how many went in and a range of ids holding
 * them (read around the statement, not returned: a million ids would be a million rows in memory); on
 * PostgreSQL other servers' items may lie in it too.
 */
export async function insertPlannedPeriod(
  db: Kysely<DB>,
  plan: PeriodInsert,
): Promise<{ count: number; firstId: number; lastId: number }> {
  // Ids only grow (SQLite's rowid past the largest, PostgreSQL's sequence past any taken before this read).
  const before = await readLastWorkItemId(db);
  const inserted = await db
    .insertInto('work_items')
    .columns([
      'firm_id',
      'client_id',
      'service_id',
      'rule_id',
      'period',
      'title',
      'due_date',
      'assignee_id',
      'status',
      'is_open',
      'created_at',
      'updated_at',
    ])
    .expression((eb) => {
      let select = eb
        .selectFrom('user_services as taken')
        .innerJoin('users as client', 'client.id', 'taken.user_id')
        .$call(joinServiceHandling('taken.user_id', 'taken.service_id'))
        .select([
          'client.firm_id',
          'taken.user_id',
          'taken.service_id',
          eb.cast<number>(eb.val(plan.ruleId), 'integer').as('rule_id'),
          eb.val(plan.period).as('period'),
          eb.val(plan.title).as('title'),
          eb.val(plan.dueDate).as('due_date'),
          sql<number | null>`case when client.assign_service_type = 1
            then coalesce(handling.pc_id, handling.executor_id) else handling.mpc_id end`.as('assignee_id'),
          eb.val('not_started').as('status'),
          eb.cast<number>(eb.val(1), 'integer').as('is_open'),
          eb.val(plan.now).as('created_at'),
          eb.val(plan.now).as('updated_at'),
        ])
        .where('taken.service_id', '=', plan.serviceId)
        .where('client.role_id', '=', ROLE_ID.client)
        .where('client.status', '!=', 'deactivated')
        .where('client.firm_id', 'is not', null);
      if (plan.clientId !== undefined) select = select.where('taken.user_id', '=', plan.clientId);
      if (plan.takenBefore !== null) select = select.where('taken.created_at', '<', plan.takenBefore);
      const states = plan.states;
      if (states !== null) {
        const written = states.filter((state): state is string => state !== null);
        select = select.where((where) =>
          where.or([
            ...(written.length > 0 ? [where('client.state', 'in', written)] : []),
            ...(written.length < states.length ? [where('client.state', 'is', null)] : []),
          ]),
        );
      }
      return select;
    })
    .onConflict((conflict) => conflict.columns(['client_id', 'rule_id', 'period']).doNothing())
    .executeTakeFirst();
  const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  return { count, firstId: before + 1, lastId: count === 0 ? before : await readLastWorkItemId(db) };
}

async function readLastWorkItemId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('work_items')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The catalogue services a client takes: a client's own run plans only their rules. */
export async function listServicesTaken(db: Kysely<DB>, clientId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('user_services').select('service_id').where('user_id', '=', clientId).execute();
  return new Set(rows.map((row) => row.service_id));
}

/** Every state written on a client that planning may reach (one client's, when given), once each. */
export async function listClientStates(db: Kysely<DB>, clientId?: number): Promise<(string | null)[]> {
  let query = db
    .selectFrom('users')
    .select('state')
    .distinct()
    .where('role_id', '=', ROLE_ID.client)
    .where('status', '!=', 'deactivated')
    .where('firm_id', 'is not', null);
  if (clientId !== undefined) query = query.where('id', '=', clientId);
  return (await query.execute()).map((row) => row.state);
}

const DAILY = 'daily';

/** The last day the daily run planned through (null before its first run). */
export function readGeneratedThrough(db: Kysely<DB>): Promise<string | null> {
  return readPlanningMark(db, DAILY);
}

/** Moves the mark forward only: a slower server finishing after a faster one leaves the later date. */
export function saveGeneratedThrough(db: Kysely<DB>, through: string, now: string): Promise<void> {
  return savePlanningMark(db, DAILY, through, now);
}

/** One named planning run's mark (statutory or recurring work): the last day it planned through. */
export async function readPlanningMark(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('work_generation_state')
    .select('generated_through')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.generated_through ?? null;
}

/** Moves a named run's mark forward only, so concurrent runs leave the later date. */
export async function savePlanningMark(db: Kysely<DB>, name: string, through: string, now: string): Promise<void> {
  await db
    .insertInto('work_generation_state')
    .values({ name, generated_through: through, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ generated_through: through, updated_at: now })
        .where('work_generation_state.generated_through', '<', through),
    )
    .execute();
}
