import { ROLE_ID, ROLES } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { countPlatformUsersByRole } from '../src/modules/users/user-role-counts.repository.js';
import { buildFirm } from './support/firm.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects, runOnDatabaseUpTo } from './support/test-database.js';
import { buildUserRow } from './support/user-rows.js';

const ALL_ROLES = ROLES.map((role) => role.role_id);

/** The counts as the users table has them now, the slow way. */
async function countFromUsers(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('total')])
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.total)]));
}

/** Kept counts of a role that has lost all its users stay as a 0 row: compare only what is not 0. */
const withoutZeros = (counts: Map<number, number>) => new Map([...counts].filter(([, total]) => total !== 0));

describe.each(listTestDialects())('users per role kept by the database on %s', (dialect) => {
  const t = useTestApp('test', dialect);

  it("keeps the roles table, which every request reads a user's role name through, equal to the contract's roles", async () => {
    const rows = await t.context.db
      .selectFrom('roles')
      .select(['role_id', 'name', 'label'])
      .orderBy('role_id')
      .execute();
    expect(rows).toEqual(ROLES.map((role) => ({ ...role })));
  });

  it('keeps every role count equal to the users table through creation, change of role and deletion', async () => {
    const db = t.context.db;
    const admin = await t.signIn(await t.createUser('admin'));
    await buildFirm(t, admin);
    const spare = await t.createUser('pc');
    const gone = await t.createUser('executor');
    expect(withoutZeros(await countPlatformUsersByRole(db, ALL_ROLES))).toEqual(await countFromUsers(db));

    await db.updateTable('users').set({ role_id: ROLE_ID.client }).where('id', '=', spare.id).execute();
    // A change that keeps the role must not count it twice.
    await db
      .updateTable('users')
      .set({ role_id: ROLE_ID.client, first_name: 'Same' })
      .where('id', '=', spare.id)
      .execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    const kept = withoutZeros(await countPlatformUsersByRole(db, ALL_ROLES));
    expect(kept).toEqual(await countFromUsers(db));
    expect(kept.get(ROLE_ID.client)).toBe(2);
    expect(kept.get(ROLE_ID.pc)).toBe(1);
    expect(kept.get(ROLE_ID.executor)).toBe(1);
  });

  it("answers the admin's dashboard from the kept counts and a firm's from its own users", async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    const firm = await buildFirm(t, admin);
    // Only a read of the kept counts can see this number: the users table has one client.
    await t.context.db
      .updateTable('user_role_counts')
      .set({ total: 1000 })
      .where('role_id', '=', ROLE_ID.client)
      .execute();
    const platform = await t.request({ method: 'GET', url: '/api/user/userByRole', token: admin });
    expect(platform.json().data).toEqual([
      { role_id: ROLE_ID.mpc, name: 'MPC', user_count: 1 },
      { role_id: ROLE_ID.pc, name: 'PC', user_count: 1 },
      { role_id: ROLE_ID.executor, name: 'Executor', user_count: 1 },
      { role_id: ROLE_ID.client, name: 'Client', user_count: 1000 },
    ]);
    const own = await t.request({ method: 'GET', url: '/api/user/userByRole', token: firm.mpc.token });
    expect(own.json().data).toContainEqual({ role_id: ROLE_ID.client, name: 'Client', user_count: 1 });
  });
});

describe.each(listTestDialects())('users per firm and role kept by the database on %s', (dialect) => {
  const t = useTestApp('test', dialect);

  /** Each firm's counts as the users table has them now, the slow way (0 rows left out). */
  async function firmCounts(db: Kysely<DB>, source: 'users' | 'kept'): Promise<string[]> {
    const rows =
      source === 'users'
        ? await db
            .selectFrom('users')
            .select(['firm_id', 'role_id', (eb) => eb.fn.countAll<number>().as('total')])
            .where('firm_id', 'is not', null)
            .groupBy(['firm_id', 'role_id'])
            .execute()
        : await db
            .selectFrom('firm_role_counts')
            .select(['firm_id', 'role_id', 'total'])
            .where('total', '<>', 0)
            .execute();
    return rows.map((row) => `${row.firm_id}/${row.role_id}: ${Number(row.total)}`).sort();
  }

  it("keeps every firm's role counts equal to the users table through creation, change of role or firm, and deletion", async () => {
    const db = t.context.db;
    const admin = await t.signIn(await t.createUser('admin'));
    const first = await buildFirm(t, admin);
    const second = await buildFirm(t, admin, first.services);
    expect(await firmCounts(db, 'kept')).toEqual(await firmCounts(db, 'users'));

    await db.updateTable('users').set({ role_id: ROLE_ID.client }).where('id', '=', first.pc.id).execute();
    await db
      .updateTable('users')
      .set({ firm_id: second.mpc.id, first_name: 'Moved' })
      .where('id', '=', first.client.id)
      .execute();
    // A change that keeps role and firm must not count it twice.
    await db.updateTable('users').set({ first_name: 'Same' }).where('id', '=', second.client.id).execute();
    await db.deleteFrom('users').where('id', '=', second.executor.id).execute();
    const kept = await firmCounts(db, 'kept');
    expect(kept).toEqual(await firmCounts(db, 'users'));
    expect(kept).toContain(`${second.mpc.id}/${ROLE_ID.client}: 2`);
    expect(kept).toContain(`${first.mpc.id}/${ROLE_ID.client}: 1`);
  });

  it("answers an MPC's client list total and dashboard from the firm's kept counts, and a searched list by counting", async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    const firm = await buildFirm(t, admin);
    // Only a read of the kept counts can see this number: the firm has one client.
    await t.context.db
      .updateTable('firm_role_counts')
      .set({ total: 1000 })
      .where('firm_id', '=', firm.mpc.id)
      .where('role_id', '=', ROLE_ID.client)
      .execute();
    const list = await t.request({ method: 'GET', url: '/api/user/userListByRole/5?page=1', token: firm.mpc.token });
    expect(list.json().data).toMatchObject({ total: 1000, last_page: 100 });
    expect(list.json().data.data).toHaveLength(1);
    const dashboard = await t.request({ method: 'GET', url: '/api/user/userByRole', token: firm.mpc.token });
    expect(dashboard.json().data).toContainEqual({ role_id: ROLE_ID.client, name: 'Client', user_count: 1000 });
    const searched = await t.request({
      method: 'GET',
      url: `/api/user/userListByRole/5?page=1&search=${encodeURIComponent(firm.client.email)}`,
      token: firm.mpc.token,
    });
    expect(searched.json().data).toMatchObject({ total: 1 });
    // A PC's clients are the ones it handles, never the firm's count.
    const pcList = await t.request({ method: 'GET', url: '/api/user/userListByRole/5?page=1', token: firm.pc.token });
    expect(pcList.json().data.total).toBeLessThan(1000);
  });
});

describe.each(listTestDialects())('the migration that keeps the counts, on %s', (dialect) => {
  it('counts the users that were there before it', async () => {
    await runOnDatabaseUpTo(dialect, '0011-drop-client-statuses', async (test) => {
      const db = test.database.db;
      const now = new Date().toISOString();
      const roles = [ROLE_ID.admin, ROLE_ID.mpc, ROLE_ID.client, ROLE_ID.client, ROLE_ID.client];
      await db
        .insertInto('users')
        .values(
          roles.map((roleId, index) => ({
            role_id: roleId,
            first_name: `Before${index}`,
            last_name: 'Migration',
            email: `before${index}@example.in`,
            username: `before${index}`,
            password_hash: 'not used',
            status: 'active',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await test.migrateRest();
      expect(await countPlatformUsersByRole(db, ALL_ROLES)).toEqual(
        new Map([
          [ROLE_ID.admin, 1],
          [ROLE_ID.mpc, 1],
          [ROLE_ID.client, 3],
        ]),
      );
    });
  });
  it("counts each firm's users that were there before it", async () => {
    await runOnDatabaseUpTo(dialect, '0020-practice-work', async (test) => {
      const db = test.database.db;
      const now = new Date().toISOString();
      const person = (name: string, roleId: number, firmId: number | null) =>
        buildUserRow(name, roleId, firmId, { lastName: 'Migration', now });
      const mpc = await db
        .insertInto('users')
        .values(person('firmowner', ROLE_ID.mpc, null))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('users').set({ firm_id: mpc.id }).where('id', '=', mpc.id).execute();
      await db
        .insertInto('users')
        .values([
          person('clienta', ROLE_ID.client, mpc.id),
          person('clientb', ROLE_ID.client, mpc.id),
          person('staffa', ROLE_ID.pc, mpc.id),
          person('nofirm', ROLE_ID.admin, null),
        ])
        .execute();
      await test.migrateRest();
      const kept = await db
        .selectFrom('firm_role_counts')
        .select(['firm_id', 'role_id', 'total'])
        .orderBy('role_id')
        .execute();
      expect(kept.map((row) => ({ ...row, total: Number(row.total) }))).toEqual([
        { firm_id: mpc.id, role_id: ROLE_ID.mpc, total: 1 },
        { firm_id: mpc.id, role_id: ROLE_ID.pc, total: 1 },
        { firm_id: mpc.id, role_id: ROLE_ID.client, total: 2 },
      ]);
    });
  });
});
