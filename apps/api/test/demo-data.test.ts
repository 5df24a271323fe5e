import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/bootstrap/demo-data.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('demo data on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates two firms with every role, through the same rules as the API, and can run again', async () => {
    const admin = await t.createUser('admin');
    const actor = { id: admin.id, role: 'admin' as const, firmId: null, status: 'active' as const, tokenId: 0 };
    const first = await seedDemoData(t.context, actor);
    const again = await seedDemoData(t.context, actor);
    expect(again).toEqual(first);
    expect(first.filter((account) => account.role === 'mpc')).toHaveLength(2);
    for (const role of ['pc', 'executor', 'client'] as const) {
      expect(first.some((account) => account.role === role)).toBe(true);
    }
    const counts = await t.context.db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('total')])
      .groupBy('role_id')
      .orderBy('role_id')
      .execute();
    expect(counts.map((row) => [row.role_id, Number(row.total)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 2],
      [5, 3],
    ]);
    const mpc = first.find((account) => account.role === 'mpc');
    const token = await t.signIn({ email: mpc?.email as string, password: DEMO_PASSWORD });
    const clients = await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token });
    expect(clients.json().data.total).toBe(2);
  });
});
