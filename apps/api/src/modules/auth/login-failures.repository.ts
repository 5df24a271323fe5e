import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type FailureWindow = { count: number; oldest: string | null };

async function summarise(
  db: Kysely<DB>,
  column: 'account_key' | 'ip',
  value: string,
  since: string,
): Promise<FailureWindow> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null) ?? null };
}

export function summariseAccountFailures(db: Kysely<DB>, accountKey: string, since: string): Promise<FailureWindow> {
  return summarise(db, 'account_key', accountKey, since);
}

export function summariseAddressFailures(db: Kysely<DB>, ip: string, since: string): Promise<FailureWindow> {
  return summarise(db, 'ip', ip, since);
}

export async function insertLoginFailure(db: Kysely<DB>, accountKey: string, ip: string, now: string): Promise<void> {
  await db.insertInto('login_failures').values({ account_key: accountKey, ip, created_at: now }).execute();
}

export async function deleteAccountFailures(db: Kysely<DB>, accountKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
}

export async function deleteFailuresBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<=', before).execute();
}
