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
