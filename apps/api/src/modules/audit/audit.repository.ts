import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AuditSubjectRow } from './audit-subject.js';

/** The user an event is about, as the scope columns need it. */
export function findAuditSubject(db: Kysely<DB>, userId: number): Promise<AuditSubjectRow | undefined> {
  return db.selectFrom('users').select(['id', 'role_id', 'firm_id']).where('id', '=', userId).executeTakeFirst();
}

/** The name of whoever last recorded one of `actions` on an entity, or undefined. */
export function findLastActorName(
  db: Kysely<DB>,
  entity: { type: string; id: number },
  actions: readonly string[],
): Promise<{ first_name: string; last_name: string | null } | undefined> {
  return db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.actor_id')
    .select(['users.first_name', 'users.last_name'])
    .where('audit_log.entity_type', '=', entity.type)
    .where('audit_log.entity_id', '=', entity.id)
    .where('audit_log.action', 'in', actions)
    .orderBy('audit_log.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The log is only ever added to: no function here or anywhere changes or removes an event. */
export async function insertAuditEvent(db: Kysely<DB>, values: Insertable<DB['audit_log']>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}
