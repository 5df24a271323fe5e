import type { Kysely, Selectable } from 'kysely';
import type { DB, UserDocumentsTable } from '../../db/schema.js';

export type UserDocumentRow = Selectable<UserDocumentsTable>;

export function listDocumentsOfUser(db: Kysely<DB>, userId: number): Promise<UserDocumentRow[]> {
  return db.selectFrom('user_documents').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findDocumentByStoreName(db: Kysely<DB>, storeName: string): Promise<UserDocumentRow | undefined> {
  return db.selectFrom('user_documents').selectAll().where('store_name', '=', storeName).executeTakeFirst();
}

/** Saves the user's document of this type; answers the store name it replaced, whose file must go. */
export async function replaceUserDocument(db: Kysely<DB>, values: Omit<UserDocumentRow, 'id'>): Promise<string | null> {
  const previous = await db
    .selectFrom('user_documents')
    .select(['id', 'store_name'])
    .where('user_id', '=', values.user_id)
    .where('document_type', '=', values.document_type)
    .executeTakeFirst();
  if (previous) {
    await db.updateTable('user_documents').set(values).where('id', '=', previous.id).execute();
    return previous.store_name;
  }
  await db.insertInto('user_documents').values(values).execute();
  return null;
}

/** The user documents stored under these names (`store_name` is unique, so an index lookup per name). */
export async function listDocumentStoreNames(db: Kysely<DB>, storeNames: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('user_documents')
    .select('store_name')
    .where('store_name', 'in', storeNames)
    .execute();
  return rows.map((row) => row.store_name);
}
