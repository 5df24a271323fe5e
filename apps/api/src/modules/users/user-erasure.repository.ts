import type { Kysely } from 'kysely';
import { deleteRowsWith } from '../../db/row-exists.js';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** A client's profile documents (the uploads of its own form), each with the blob it names. */
export function listDocumentBlobsOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom('user_documents').select(['id', 'store_name']).where('user_id', '=', userId).execute();
}

export async function deleteDocumentsOf(db: Kysely<DB>, userId: number): Promise<number> {
  return deleteRowsWith(db, 'user_documents', { user_id: userId });
}

/**
 * What lets a person sign in besides its sessions: reset and invitation links, recovery codes and the
 * challenges between a password and its second factor. Erasure only (issue 25): nothing else deletes a
 * user's sign-in wholesale.
 */
export async function deleteSignInSecretsOf(db: Kysely<DB>, userId: number): Promise<number> {
  let count = 0;
  for (const table of ['password_links', 'recovery_codes', 'sign_in_challenges'] as const) {
    count += await deleteRowsWith(db, table, { user_id: userId });
  }
  return count;
}

/** Marks the client erased unless it already is: false when another erasure got there first. */
export function claimErasure(db: Kysely<DB>, userId: number, at: string): Promise<boolean> {
  return updatesAnyRow(
    db.updateTable('users').set({ erased_at: at }).where('id', '=', userId).where('erased_at', 'is', null),
  );
}
