import { ROLE_ID } from '@portal/contract/roles';
import { sql } from 'kysely';
import { hashPassword } from '../src/auth/passwords.js';
import { createServices } from '../test/support/people.js';
import { createTestApp, TEST_PASSWORD } from '../test/support/test-app.js';
import { buildBenchOptions, seedScale } from './scale-data.js';
const caught: { sql: string; parameters: readonly unknown[] }[] = [];
let catching = false;
const t = await createTestApp('postgres', { observeQuery: (q) => { if (catching) caught.push(q); } });
try {
  const admin = await t.createUser('admin');
  const adminToken = await t.signIn(admin);
  const serviceIds = await createServices(t, adminToken, ['GST Filing', 'ITR Filing']);
  const probe = await seedScale(t.context.db, 'postgres', await buildBenchOptions(t.context.db, { users: Number(process.argv[2] ?? 20000), files: 100, passwordHash: await hashPassword(TEST_PASSWORD), serviceIds }));
  const pc = await t.signIn({ email: probe.pc.email, password: TEST_PASSWORD });
  const executor = await t.signIn({ email: probe.executor.email, password: TEST_PASSWORD });
  for (const [name, url, token] of [
    ['pc 1', `/api/user/userListByRole/${ROLE_ID.client}?page=1&limit=10`, pc],
    ['pc 40', `/api/user/userListByRole/${ROLE_ID.client}?page=40&limit=10`, pc],
    ['executor 1', `/api/user/userListByRole/${ROLE_ID.client}?page=1&limit=10`, executor],
    ['pc detail', `/api/user/detail/${probe.client.id}`, pc],
  ] as const) {
    caught.length = 0; catching = true;
    const answer = await t.request({ method: 'GET', url, token });
    catching = false;
    console.log('==', name, answer.statusCode, JSON.stringify(answer.json().data?.total ?? answer.json().total ?? ''));
    for (const q of caught.filter((q) => /users/.test(q.sql) && !/access_tokens/.test(q.sql))) {
      let text = q.sql;
      q.parameters.forEach((p, i) => { text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`), typeof p === 'string' ? `'${p}'` : String(p)); });
      const plan = await sql.raw<Record<string, string>>(`explain (analyze, buffers off) ${text}`).execute(t.context.db);
      console.log(text.slice(0, 160));
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
} finally { await t.close(); }
