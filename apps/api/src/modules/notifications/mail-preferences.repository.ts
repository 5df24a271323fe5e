import type { MailKind } from '@portal/contract/notifications';
import type { OwnerNoticeKind } from '@portal/contract/owner-notices';
import { type Kysely, sql } from 'kysely';
import { insertNewRows } from '../../db/insert-new-rows.js';
import { hasRowWith } from '../../db/row-exists.js';
import type { DB } from '../../db/schema.js';

/** The kinds of mail a user turned off. */
export async function listOptOutsOf(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('mail_opt_outs').select('kind').where('user_id', '=', userId).execute();
  return rows.map((row) => row.kind);
}

export function hasMailOptOut(db: Kysely<DB>, userId: number, kind: MailKind | OwnerNoticeKind): Promise<boolean> {
  return hasRowWith(db, 'mail_opt_outs', { user_id: userId, kind });
}

/** Turns kinds on (their rows go) and off (a row each, once), in the caller's transaction. */
export async function saveOptOuts(
  db: Kysely<DB>,
  userId: number,
  changes: { on: (MailKind | OwnerNoticeKind)[]; off: (MailKind | OwnerNoticeKind)[] },
  at: string,
): Promise<void> {
  if (changes.on.length > 0)
    await db.deleteFrom('mail_opt_outs').where('user_id', '=', userId).where('kind', 'in', changes.on).execute();
  const optOuts = changes.off.map((kind) => ({ user_id: userId, kind, created_at: at }));
  await insertNewRows(db, 'mail_opt_outs', optOuts, ['user_id', 'kind']);
}

/**
 * For a query of recipients: true where the user at `userIdColumn` has not turned `kind` off. A sender
 * of many messages filters with it in SQL rather than asking user by user.
 */
export function wantsMailSql(userIdColumn: string, kind: MailKind) {
  return sql<boolean>`not exists (select 1 from mail_opt_outs where mail_opt_outs.user_id = ${sql.ref(
    userIdColumn,
  )} and mail_opt_outs.kind = ${kind})`;
}
