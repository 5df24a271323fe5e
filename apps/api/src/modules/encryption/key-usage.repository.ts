import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Rows whose secrets or files are not yet under `activeKeyId`: never encrypted (key null) and, when
 * `olderKeys`, those under another key. Paged by id, through the key columns' indexes. For users, ''
 * means "holds no sealed value" and is never under a key.
 */
function usersNotUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    olderKeys
      ? eb.or([
          eb('secrets_key_id', 'is', null),
          eb.and([eb('secrets_key_id', '!=', ''), eb('secrets_key_id', '!=', activeKeyId)]),
        ])
      : eb('secrets_key_id', 'is', null);
}

export function listUsersToSeal(
  db: Kysely<DB>,
  activeKeyId: string,
  olderKeys: boolean,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('users')
    .select(['id', 'additional_data', 'secrets_key_id'])
    .where(usersNotUnderKey(activeKeyId, olderKeys))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Stores re-sealed secrets unless the row changed meanwhile (a save wins; the next pass sees it). */
export async function updateUserSecrets(
  db: Kysely<DB>,
  id: number,
  previous: string | null,
  columns: { additional_data: string | null; secrets_key_id: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(columns)
    .where('id', '=', id)
    .where((eb) => (previous === null ? eb('additional_data', 'is', null) : eb('additional_data', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type StoredTable = 'files' | 'user_documents';

function notUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, StoredTable>) =>
    olderKeys ? eb.or([eb('key_id', 'is', null), eb('key_id', '!=', activeKeyId)]) : eb('key_id', 'is', null);
}

export function listFilesToSeal(
  db: Kysely<DB>,
  activeKeyId: string,
  olderKeys: boolean,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('files')
    .select(['id', 'client_id', 'store_name', 'key_id'])
    .where(notUnderKey(activeKeyId, olderKeys))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function listDocumentsToSeal(
  db: Kysely<DB>,
  activeKeyId: string,
  olderKeys: boolean,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('user_documents')
    .select(['id', 'store_name', 'key_id'])
    .where(notUnderKey(activeKeyId, olderKeys))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a file's new key; false when its row is gone or points at another file now (deleted, replaced). */
export async function updateStoredKey(
  db: Kysely<DB>,
  table: StoredTable,
  row: { id: number; storeName: string },
  keyId: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ key_id: keyId })
    .where('id', '=', row.id)
    .where('store_name', '=', row.storeName)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many rows still hold secrets or files under a key other than `activeKeyId`, or none. */
export async function countNotUnder(db: Kysely<DB>, activeKeyId: string): Promise<number> {
  const [users, files, documents] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(usersNotUnderKey(activeKeyId, true))
      .executeTakeFirstOrThrow(),
    ...(['files', 'user_documents'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(notUnderKey(activeKeyId, true))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return Number(users.n) + Number(files?.n ?? 0) + Number(documents?.n ?? 0);
}
