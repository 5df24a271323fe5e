import type { Kysely, Selectable } from 'kysely';
import { deleteRowsWith } from '../../db/row-exists.js';
import type { DB, UserLinksTable } from '../../db/schema.js';

export type UserLinkRow = Selectable<UserLinksTable>;

export function listLinksOf(db: Kysely<DB>, ownerId: number): Promise<UserLinkRow[]> {
  return db
    .selectFrom('user_links')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function insertLink(
  db: Kysely<DB>,
  values: { ownerId: number; label: string; value: string; now: string },
): Promise<UserLinkRow> {
  return db
    .insertInto('user_links')
    .values({ owner_id: values.ownerId, label: values.label, value: values.value, created_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the link only if it is the owner's; answers whether one was deleted. */
export async function deleteOwnLink(db: Kysely<DB>, ownerId: number, id: number): Promise<boolean> {
  return (await deleteRowsWith(db, 'user_links', { id, owner_id: ownerId })) > 0;
}

/** Every link a user keeps (its erasure, issue 25). */
export async function deleteLinksOf(db: Kysely<DB>, ownerId: number): Promise<number> {
  return deleteRowsWith(db, 'user_links', { owner_id: ownerId });
}
