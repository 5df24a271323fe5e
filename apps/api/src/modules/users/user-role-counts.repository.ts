import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Users per role on the whole platform, read from the counts the database keeps (migration 0013): one
 * primary-key lookup per role, whatever the number of users. Only for a scope that restricts nothing but
 * the role; anything narrower is counted from `users` (`countUsersByRole`).
 */
export async function countPlatformUsersByRole(db: Kysely<DB>, roleIds: number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_role_counts')
    .select(['role_id', 'total'])
    .where('role_id', 'in', roleIds)
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.total)]));
}

/** Users of one role in one firm, from the counts the database keeps (migration 0023): one key lookup. */
export async function countFirmUsersOfRole(db: Kysely<DB>, firmId: number, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('firm_role_counts')
    .select('total')
    .where('firm_id', '=', firmId)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Users per role in one firm, from the kept counts (migration 0023). */
export async function countFirmUsersByRole(
  db: Kysely<DB>,
  firmId: number,
  roleIds: number[],
): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('firm_role_counts')
    .select(['role_id', 'total'])
    .where('firm_id', '=', firmId)
    .where('role_id', 'in', roleIds)
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.total)]));
}
