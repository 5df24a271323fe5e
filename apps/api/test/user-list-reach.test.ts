import { ROLE_ID } from '@portal/contract/roles';
import type { UserListSort } from '@portal/contract/users';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { countUsers, listUsersPage } from '../src/modules/users/user-lists.repository.js';
import { authorize, type TargetFacts } from '../src/policy/authorize.js';
import { userScopeFor } from '../src/policy/user-scope.js';
import { useAccessFixture } from './support/access-fixture.js';
import { clientFields } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';

const ROLES = [ROLE_ID.client, ROLE_ID.pc, ROLE_ID.executor, ROLE_ID.mpc];
const ORDERS: { sort: UserListSort; order: 'asc' | 'desc' }[] = [
  { sort: 'created_at', order: 'desc' },
  { sort: 'name', order: 'asc' },
];

/**
 * A list of users, its total and every page, against the users `authorize` lets the reader see
 * (policy/user-reach.ts reads a PC's and an executor's reach in parts for the count and by probe for the
 * page, issue 26): the same rows, in the list's order, no client counted twice, for every reader of the
 * access fixture and a few more clients a PC both created and handles, or handles in two services.
 */
describe.each(listTestDialects())('user lists against the reach authorize reads, on %s', (dialect) => {
  const f = useAccessFixture(dialect);

  beforeAll(async () => {
    const [gst, itr] = f.firmA.services as [number, number];
    const mpc = f.firmA.mpc.token;
    const assign = async (clientId: number, serviceId: number, role: 'pc' | 'executor') => {
      const url = role === 'pc' ? '/api/service/assignPC' : '/api/service/assignExecutor';
      await f.must('POST', url, mpc, { client_id: clientId, service_id: serviceId, [`${role}_id`]: f.firmA[role].id });
    };
    // Created by the PC and handled by it in both services: one client, in the created part only.
    const createdAndHandled = await createUserThroughApi(f.t, f.firmA.pc.token, clientFields([gst, itr]));
    await assign(createdAndHandled.id, gst, 'pc');
    await assign(createdAndHandled.id, itr, 'pc');
    // The MPC's, handled by the PC in two services and by the executor in one: counted once each.
    const handledTwice = await createUserThroughApi(f.t, mpc, clientFields([gst, itr]));
    await assign(handledTwice.id, gst, 'pc');
    await assign(handledTwice.id, itr, 'pc');
    await assign(handledTwice.id, itr, 'executor');
    // Created by the executor, handled by the PC.
    const byExecutor = await createUserThroughApi(f.t, f.firmA.executor.token, clientFields([gst]));
    await assign(byExecutor.id, gst, 'pc');
  });

  /** Every user as the access table reads it, from the database as it is now. */
  async function readFacts(): Promise<Map<number, TargetFacts>> {
    const db = f.t.context.db;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'role_id', 'firm_id', 'created_by', 'assign_service_type'])
      .execute();
    const assignments = await db
      .selectFrom('service_assignments')
      .select(['client_id', 'pc_id', 'executor_id', 'mpc_id'])
      .execute();
    const idsOf = (key: 'pc_id' | 'executor_id' | 'mpc_id', clientId: number) =>
      assignments.flatMap((row) => (row.client_id === clientId && row[key] !== null ? [row[key] as number] : []));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          roleId: row.role_id,
          firmId: row.firm_id,
          createdBy: row.created_by,
          assignsToStaff: row.assign_service_type === 1,
          handlers: {
            pcIds: idsOf('pc_id', row.id),
            executorIds: idsOf('executor_id', row.id),
            mpcIds: idsOf('mpc_id', row.id),
          },
        },
      ]),
    );
  }

  /** Every user of the role in the list's order, read without any reach. */
  function readAllInOrder(roleId: number, ordering: (typeof ORDERS)[number]) {
    const query = f.t.context.db.selectFrom('users').select('id').where('role_id', '=', roleId);
    const ordered =
      ordering.sort === 'name'
        ? query.orderBy(sql`lower(first_name)`, ordering.order).orderBy(sql`lower(last_name)`, ordering.order)
        : query.orderBy('created_at', ordering.order);
    return ordered.orderBy('id', ordering.order).execute();
  }

  it('holds, counts and pages exactly the users each reader reaches', async () => {
    const facts = await readFacts();
    const db = f.t.context.db;
    let handledSeen = 0;
    for (const person of f.people) {
      const actor = f.actorOf(person);
      const scope = userScopeFor(actor);
      for (const roleId of ROLES)
        for (const ordering of ORDERS) {
          const everyone = await readAllInOrder(roleId, ordering);
          const expected = everyone
            .filter((row) => authorize(actor, 'user.view', facts.get(row.id) as TargetFacts))
            .map((row) => row.id);
          const filters = { roleId };
          const listed: number[] = [];
          // Pages of two, past the end: each page in order, none overlapping.
          for (let offset = 0; offset <= expected.length; offset += 2) {
            const page = await listUsersPage(db, scope, { filters, ordering, offset, limit: 2 });
            listed.push(...page.map((row) => row.id));
          }
          const label = [person.role, person.id, roleId, ordering.sort];
          expect([...label, await countUsers(db, scope, filters), listed]).toEqual([
            ...label,
            expected.length,
            expected,
          ]);
          if (scope.assignedAs && roleId === ROLE_ID.client) handledSeen += expected.length;
        }
    }
    // The PCs' and executors' client lists were not all empty (the comparison would prove little).
    expect(handledSeen).toBeGreaterThan(8);
  });
});
