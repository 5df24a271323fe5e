import { ROLE_ID } from '@portal/contract/roles';
import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/bootstrap/first-admin.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('the first admin on %s', (dialect) => {
  const t = useTestApp('test', dialect, { env: { ADMIN_EMAIL: 'owner@firm.in', ADMIN_PASSWORD: 'Owner@2026' } });

  it('is created once when several processes start together on one database', async () => {
    // Both find no admin before either has written one, as two processes starting at once do.
    const results = await Promise.all([ensureFirstAdmin(t.context), ensureFirstAdmin(t.context)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    const admins = await t.context.db
      .selectFrom('users')
      .select('email')
      .where('role_id', '=', ROLE_ID.admin)
      .execute();
    expect(admins).toEqual([{ email: 'owner@firm.in' }]);
    expect(await ensureFirstAdmin(t.context)).toBeNull();
  });
});
