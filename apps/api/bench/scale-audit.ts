import { type Kysely, sql } from 'kysely';
import type { DB } from '../src/db/schema.js';

/**
 * Activity at scale for the query-plan test: one event per seeded user, made by the database from the
 * users table in one statement (shipping 100k rows as parameters doubled the seeding time), filed the
 * way the portal files them (migration 0019). Users act on their own record: clients open and download
 * their files, staff and MPCs sign in; an MPC's sign-ins are also the platform's.
 */
export async function insertAuditEvents(db: Kysely<DB>, firstUserId: number): Promise<void> {
  await sql`insert into audit_log
      (actor_id, action, entity_type, entity_id, ip, details, created_at, subject_id, firm_id, client_id, platform)
    select id,
      case when role_id = 5 then case id % 4 when 0 then 'file.download' when 1 then 'file.view'
        when 2 then 'folder.view' else 'file.upload' end else 'auth.sign_in' end,
      case when role_id = 5 then 'file' end,
      case when role_id = 5 then id end,
      '10.0.0.1', null, created_at, id, firm_id,
      case when role_id = 5 then id end,
      case when role_id = 2 then 1 else 0 end
    from users where id >= ${firstUserId} order by id`.execute(db);
}
