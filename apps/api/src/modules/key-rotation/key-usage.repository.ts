import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Rows whose secrets or files are not yet under `activeKeyId`: never encrypted (key null) and, when
 * `olderKeys`, those under another key. Paged by id, through the key columns' indexes. For users, ''
 * means "holds no sealed value" and is never under a key.
 */
/** One batch of rows to move under the active key: after `afterId`, by id. */
export type SealPage = { activeKeyId: string; olderKeys: boolean; afterId: number; limit: number };

function usersNotUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    olderKeys
      ? eb.or([
          eb('secrets_key_id', 'is', null),
          eb.and([eb('secrets_key_id', '!=', ''), eb('secrets_key_id', '!=', activeKeyId)]),
        ])
      : eb('secrets_key_id', 'is', null);
}

export function listUsersToSeal(db: Kysely<DB>, { activeKeyId, olderKeys, afterId, limit }: SealPage) {
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
export function listTwoFactorSecretsToSeal(db: Kysely<DB>, { activeKeyId, afterId, limit }: SealPage) {
  return db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where(twoFactorNotUnderKey(activeKeyId))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
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

function mailNotUnderKey(activeKeyId: string) {
  return (eb: ExpressionBuilder<DB, 'mail_outbox'>) =>
    eb.and([eb('body', 'is not', null), eb('body', 'not like', sealedElsewhere(activeKeyId))]);
}

/** Queued mail whose body is sealed under an older key. */
export function listMailToSeal(db: Kysely<DB>, { activeKeyId, afterId, limit }: SealPage) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'body'])
    .where(mailNotUnderKey(activeKeyId))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function updateMailBody(db: Kysely<DB>, id: number, previous: string, body: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ body })
    .where('id', '=', id)
    .where('body', '=', previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type StoredTable = 'files' | 'user_documents';

function notUnderKey(activeKeyId: string, olderKeys: boolean) {
  return (eb: ExpressionBuilder<DB, StoredTable>) =>
    olderKeys ? eb.or([eb('key_id', 'is', null), eb('key_id', '!=', activeKeyId)]) : eb('key_id', 'is', null);
}

export function listFilesToSeal(db: Kysely<DB>, { activeKeyId, olderKeys, afterId, limit }: SealPage) {
  return db
    .selectFrom('files')
    .select(['id', 'client_id', 'store_name', 'key_id'])
    .where(notUnderKey(activeKeyId, olderKeys))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function listDocumentsToSeal(db: Kysely<DB>, { activeKeyId, olderKeys, afterId, limit }: SealPage) {
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
  const [twoFactor, mail] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(twoFactorNotUnderKey(activeKeyId))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(mailNotUnderKey(activeKeyId))
      .executeTakeFirstOrThrow(),
  ]);
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
  return Number(users.n) + Number(files?.n ?? 0) + Number(documents?.n ?? 0) + Number(twoFactor.n) + Number(mail.n);
}
