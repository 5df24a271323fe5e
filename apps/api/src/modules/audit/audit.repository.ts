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

/**
 * Who acted on a client's data, from the events about it (index `audit_log_firm_client_index`: its firm's events about it): each person once,
 * with their role and firm, the first and last time and how many events. The client's own acts are left out.
 */
export function listActorsAboutClient(db: Kysely<DB>, ids: { firmId: number; clientId: number }) {
  return db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.actor_id')
    .select((eb) => [
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.role_id',
      'users.firm_id',
      eb.fn.min('audit_log.created_at').as('first_at'),
      eb.fn.max('audit_log.created_at').as('last_at'),
      eb.fn.countAll<number | string>().as('events'),
    ])
    .where('audit_log.firm_id', '=', ids.firmId)
    .where('audit_log.client_id', '=', ids.clientId)
    .where('audit_log.actor_id', '!=', ids.clientId)
    .groupBy(['users.id', 'users.first_name', 'users.last_name', 'users.role_id', 'users.firm_id'])
    .orderBy('first_at')
    .execute();
}

/** The log is only ever added to: no function here or anywhere changes or removes an event. */
export async function insertAuditEvent(db: Kysely<DB>, values: Insertable<DB['audit_log']>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}
