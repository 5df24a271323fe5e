import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * The activity log read a page at a time by whoever may see it (docs/performance.md): each event keeps
 * the user it is about (`subject_id`), that user's firm, the client when it is about one, and whether the
 * admin's Activity shows it (`platform`), so a firm's events, a client's, or the platform's are one index
 * range in time order. Rows written before are filled in from what they name; a file or folder deleted
 * since can no longer say whose it was, and such an event stays out of every screen.
 * docs/decisions/0020-activity-log.md
 */
export const createAuditScopeMigration = defineMigration(async (db) => {
  for (const column of ['subject_id', 'firm_id', 'client_id'])
    await db.schema.alterTable('audit_log').addColumn(column, 'integer').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('platform', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await sql`update audit_log set subject_id = case
          when entity_type = 'user' then entity_id
          when entity_type = 'file' then (select client_id from files where files.id = audit_log.entity_id)
          when entity_type = 'folder' then (select client_id from folders where folders.id = audit_log.entity_id)
          when entity_type = 'family_member'
            then (select client_id from family_members where family_members.id = audit_log.entity_id)
          else actor_id end`.execute(db);
  // Roles as migration 0001 numbers them: 1 admin, 2 MPC (its own firm), 5 client.
  await sql`update audit_log set
          firm_id = (select case when users.role_id = 2 then users.id else users.firm_id end
            from users where users.id = audit_log.subject_id),
          client_id = (select users.id from users where users.id = audit_log.subject_id and users.role_id = 5),
          platform = case
            when subject_id is null then case when actor_id is null and entity_type is null then 1 else 0 end
            when (select users.role_id from users where users.id = audit_log.subject_id) in (1, 2) then 1
            else 0 end`.execute(db);

  // Every read starts from a scope now; the time-only index would tempt a planner to sort.
  await db.schema.dropIndex('audit_log_created_index').execute();
  // A firm's events, and within it one person's, one client's or one action's, newest first.
  const firmIndexes = {
    audit_log_firm_index: sql`firm_id, created_at, id`,
    audit_log_firm_actor_index: sql`firm_id, actor_id, created_at, id`,
    audit_log_firm_client_index: sql`firm_id, client_id, created_at, id`,
    audit_log_firm_action_index: sql`firm_id, action, created_at, id`,
  };
  for (const [name, columns] of Object.entries(firmIndexes))
    await sql`create index ${sql.id(name)} on audit_log (${columns})`.execute(db);
  // The admin's: a small share of all events, so partial indexes hold only those.
  const platformIndexes = {
    audit_log_platform_index: sql`created_at, id`,
    audit_log_platform_actor_index: sql`actor_id, created_at, id`,
    audit_log_platform_action_index: sql`action, created_at, id`,
  };
  for (const [name, columns] of Object.entries(platformIndexes))
    await sql`create index ${sql.id(name)} on audit_log (${columns}) where platform = 1`.execute(db);
});
