import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AuditSubjectRow } from './audit-subject.js';

/** The user an event is about, as the scope columns need it. */
export function findAuditSubject(db: Kysely<DB>, userId: number): Promise<AuditSubjectRow | undefined> {
  return db.selectFrom('users').select(['id', 'role_id', 'firm_id']).where('id', '=', userId).executeTakeFirst();
}

/** The log is only ever added to: no function here or anywhere changes or removes an event. */
export async function insertAuditEvent(db: Kysely<DB>, values: Insertable<DB['audit_log']>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}
