import { ROLE_ID } from '@portal/contract/roles';
import { describe, expect, it } from 'vitest';
import { listTestDialects, runOnDatabaseUpTo } from './support/test-database.js';
import { buildUserRow } from './support/user-rows.js';

describe.each(listTestDialects())('the migration that scopes the activity log, on %s', (dialect) => {
  it('files events written before it under the firm, client and screen they are about', async () => {
    await runOnDatabaseUpTo(dialect, '0013-role-counts', async (test) => {
      const db = test.database.db;
      const now = new Date('2026-04-01T09:00:00.000Z').toISOString();
      const insertPerson = async (roleId: number, name: string, firmId: number | null) => {
        const row = await db
          .insertInto('users')
          .values(buildUserRow(name, roleId, firmId, { lastName: 'Before', now }))
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const admin = await insertPerson(ROLE_ID.admin, 'admin', null);
      const mpc = await insertPerson(ROLE_ID.mpc, 'mpc', null);
      await db.updateTable('users').set({ firm_id: mpc }).where('id', '=', mpc).execute();
      const client = await insertPerson(ROLE_ID.client, 'client', mpc);
      const service = await db
        .insertInto('services')
        .values({ service_name: 'GST', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const folder = await db
        .insertInto('folders')
        .values({
          client_id: client,
          service_id: service.id,
          parent_id: null,
          folder_name: 'Returns',
          created_by: mpc,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const events = [
        { actor_id: mpc, action: 'auth.login', entity_type: null, entity_id: null },
        { actor_id: mpc, action: 'user.update', entity_type: 'user', entity_id: client },
        { actor_id: mpc, action: 'folder.create', entity_type: 'folder', entity_id: folder.id },
        { actor_id: mpc, action: 'file.delete', entity_type: 'file', entity_id: 999 },
        { actor_id: admin, action: 'service.create', entity_type: 'service', entity_id: service.id },
        { actor_id: null, action: 'auth.login_failed', entity_type: null, entity_id: null },
      ];
      await db
        .insertInto('audit_log')
        .values(events.map((event) => ({ ...event, ip: '10.0.0.1', details: null, created_at: now })) as never)
        .execute();
      await test.migrateRest();
      const rows = await db
        .selectFrom('audit_log')
        .select(['action', 'subject_id', 'firm_id', 'client_id', 'platform'])
        .orderBy('id')
        .execute();
      // Migration 0017 (accounts) renamed the sign-in actions on the way: one vocabulary for the screens.
      expect(rows).toEqual([
        { action: 'auth.sign_in', subject_id: mpc, firm_id: mpc, client_id: null, platform: 1 },
        { action: 'user.update', subject_id: client, firm_id: mpc, client_id: client, platform: 0 },
        { action: 'folder.create', subject_id: client, firm_id: mpc, client_id: client, platform: 0 },
        // The file is gone: nothing says whose it was, so no screen shows it.
        { action: 'file.delete', subject_id: null, firm_id: null, client_id: null, platform: 0 },
        { action: 'service.create', subject_id: admin, firm_id: null, client_id: null, platform: 1 },
        { action: 'auth.sign_in_failed', subject_id: null, firm_id: null, client_id: null, platform: 1 },
      ]);
    });
  });
});
