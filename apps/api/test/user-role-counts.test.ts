import { ROLE_ID, ROLES } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { countPlatformUsersByRole } from '../src/modules/users/user-role-counts.repository.js';
import { buildFirm } from './support/firm.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createTestDatabase, listTestDialects } from './support/test-database.js';

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
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
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

describe.each(listTestDialects())('the migration that keeps the counts, on %s', (dialect) => {
  it('counts the users that were there before it', async () => {
    const test = await createTestDatabase(dialect, { upTo: '0011-drop-client-statuses' });
    try {
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
    } finally {
      await test.drop();
    }
  });
});
