import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/**
 * Rows whose secrets or files are not yet under `activeKeyId`: never encrypted (key null) and, when
 * `olderKeys`, those under another key. Paged by id, through the key columns' indexes. For users, ''
 * means "holds no sealed value" and is never under a key.
 */
/** One batch of rows to move under the active key: after `afterId`, by id. */
export type SealPage = { activeKeyId: string; olderKeys: boolean; afterId: number; limit: number };

/** Every table walked here has an `id` and is read a batch at a time in its order. */
type SealedTable = 'users' | 'mail_outbox' | StoredTable;

/** The page's batch: the next `limit` rows after `afterId`, by id. */
function readBatchAfter({ afterId, limit }: SealPage) {
  return <QB extends SelectQueryBuilder<DB, SealedTable, object>>(query: QB): QB =>
    query.where('id', '>', afterId).orderBy('id').limit(limit) as QB;
}

function usersNotUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    olderKeys
      ? eb.or([
          eb('secrets_key_id', 'is', null),
          eb.and([eb('secrets_key_id', '!=', ''), eb('secrets_key_id', '!=', activeKeyId)]),
        ])
      : eb('secrets_key_id', 'is', null);
}

export function listUsersToSeal(db: Kysely<DB>, page: SealPage) {
  return db
    .selectFrom('users')
    .select(['id', 'firm_id', 'additional_data', 'secrets_key_id'])
    .where(usersNotUnderKey(page.activeKeyId, page.olderKeys))
    .$call(readBatchAfter(page))
    .execute();
}

/** Stores re-sealed secrets unless the row changed meanwhile (a save wins; the next pass sees it). */
export function updateUserSecrets(
  db: Kysely<DB>,
  id: number,
  previous: string | null,
  columns: { additional_data: string | null; secrets_key_id: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('users')
      .set(columns)
      .where('id', '=', id)
      .where((eb) => (previous === null ? eb('additional_data', 'is', null) : eb('additional_data', '=', previous))),
  );
}

/** A sealed value under another key than `activeKeyId` (its id is part of the text: value-cipher.ts). */
const sealedElsewhere = (activeKeyId: string) => `enc:v1:${activeKeyId}:%`;

function twoFactorNotUnderKey(activeKeyId: string) {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.or([
      eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', sealedElsewhere(activeKeyId))]),
      eb.and([
        eb('totp_pending_secret', 'is not', null),
        eb('totp_pending_secret', 'not like', sealedElsewhere(activeKeyId)),
      ]),
    ]);
}

/** Users whose TOTP secret (or one pending confirmation) is sealed under an older key. */
export function listTwoFactorSecretsToSeal(db: Kysely<DB>, page: SealPage) {
  return db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where(twoFactorNotUnderKey(page.activeKeyId))
    .$call(readBatchAfter(page))
    .execute();
}

type TwoFactorSecrets = { totp_secret: string | null; totp_pending_secret: string | null };

/** Stores re-sealed TOTP secrets unless they changed meanwhile (turned off, set up again). */
export async function updateTwoFactorSecrets(
  db: Kysely<DB>,
  id: number,
  previous: TwoFactorSecrets,
  next: TwoFactorSecrets,
): Promise<boolean> {
  const same = (column: keyof TwoFactorSecrets) => (eb: ExpressionBuilder<DB, 'users'>) =>
    previous[column] === null ? eb(column, 'is', null) : eb(column, '=', previous[column]);
  const result = await db
    .updateTable('users')
    .set(next)
    .where('id', '=', id)
    .where(same('totp_secret'))
    .where(same('totp_pending_secret'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Tables whose rows hold one sealed value in one column, re-sealed alike (queued mail, a firm's bank account). */
const SEALED_VALUE_COLUMNS = { mail_outbox: 'body', billing_profiles: 'bank_account' } as const;
export type SealedValueTable = keyof typeof SEALED_VALUE_COLUMNS;

/** The rows of `table` whose sealed value is under another key than `activeKeyId`. */
function selectSealedValuesElsewhere(db: Kysely<DB>, table: SealedValueTable, activeKeyId: string) {
  const column = sql.ref(SEALED_VALUE_COLUMNS[table]);
  // Both tables are read the same way: `table` is one of two with an `id` and this text column.
  return db
    .selectFrom(table as 'mail_outbox')
    .where(column, 'is not', null)
    .where(column, 'not like', sealedElsewhere(activeKeyId));
}

/** Rows of `table` whose sealed value is under an older key, as `{ id, value }`. */
export function listSealedValuesToSeal(
  db: Kysely<DB>,
  table: SealedValueTable,
  page: SealPage,
): Promise<{ id: number; value: string }[]> {
  return selectSealedValuesElsewhere(db, table, page.activeKeyId)
    .select(['id', sql<string>`${sql.ref(SEALED_VALUE_COLUMNS[table])}`.as('value')])
    .$call(readBatchAfter(page))
    .execute();
}

/** Stores a re-sealed value unless the row changed meanwhile. */
export async function updateSealedValue(
  db: Kysely<DB>,
  table: SealedValueTable,
  change: { id: number; previous: string; value: string },
): Promise<boolean> {
  const column = SEALED_VALUE_COLUMNS[table];
  const result = await db
    .updateTable(table as 'mail_outbox')
    .set({ [column]: change.value } as { body: string })
    .where('id', '=', change.id)
    .where(sql.ref(column), '=', change.previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type StoredTable = 'files' | 'file_versions' | 'user_documents';

function notUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, StoredTable>) =>
    olderKeys ? eb.or([eb('key_id', 'is', null), eb('key_id', '!=', activeKeyId)]) : eb('key_id', 'is', null);
}

/** A client's stored file: a current one, or an earlier version of one (docs/decisions/0037), re-encrypted alike. */
type ClientFileTable = 'files' | 'file_versions';

export function listClientFilesToSeal(db: Kysely<DB>, table: ClientFileTable, page: SealPage) {
  return db
    .selectFrom(table)
    .select(['id', 'client_id', 'store_name', 'key_id'])
    .where(notUnderKey(page.activeKeyId, page.olderKeys))
    .$call(readBatchAfter(page))
    .execute();
}

export function listDocumentsToSeal(db: Kysely<DB>, page: SealPage) {
  return db
    .selectFrom('user_documents')
    .select(['id', 'store_name', 'key_id'])
    .where(notUnderKey(page.activeKeyId, page.olderKeys))
    .$call(readBatchAfter(page))
    .execute();
}

/** Records a file's new key; false when its row is gone or points at another file now (deleted, replaced). */
export function updateStoredKey(
  db: Kysely<DB>,
  table: StoredTable,
  row: { id: number; storeName: string },
  keyId: string,
): Promise<boolean> {
  return updatesAnyRow(
    db.updateTable(table).set({ key_id: keyId }).where('id', '=', row.id).where('store_name', '=', row.storeName),
  );
}

/** How many rows still hold secrets or files under a key other than `activeKeyId`, or none. */
export async function countNotUnder(db: Kysely<DB>, activeKeyId: string): Promise<number> {
  const counts = await Promise.all([
    countRows(db.selectFrom('users').where(twoFactorNotUnderKey(activeKeyId))),
    ...(Object.keys(SEALED_VALUE_COLUMNS) as SealedValueTable[]).map((table) =>
      countRows(selectSealedValuesElsewhere(db, table, activeKeyId)),
    ),
    countRows(db.selectFrom('users').where(usersNotUnderKey(activeKeyId, true))),
    ...(['files', 'user_documents', 'file_versions'] as const).map((table) =>
      countRows(db.selectFrom(table).where(notUnderKey(activeKeyId, true))),
    ),
  ]);
  return counts.reduce((total, count) => total + count, 0);
}
