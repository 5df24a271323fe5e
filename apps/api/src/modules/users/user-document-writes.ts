import type { DocumentType } from '@portal/contract/documents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import { recordRemovedBlob } from '../../storage/removed-blobs.js';
import { replaceUserDocument } from './user-documents.repository.js';
import type { AcceptedDocument } from './user-form-input.js';

/** What a write stored, so the caller can undo it (failure) or finish it (success). */
export type DocumentChanges = { stored: Map<DocumentType, string>; replaced: string[] };

export function createDocumentChanges(): DocumentChanges {
  return { stored: new Map(), replaced: [] };
}

/**
 * Before the transaction: each upload moved into the store under a new name (an upload to a bucket
 * holds no database lock while it runs).
 */
export async function promoteUserDocuments(
  storage: DocumentStorage,
  documents: Map<DocumentType, AcceptedDocument>,
  changes: DocumentChanges,
): Promise<void> {
  for (const [type, { file }] of documents) {
    const storeName = storage.newStoreName(file.detectedExtension ?? '');
    await storage.promote(file.tempPath, storeName);
    changes.stored.set(type, storeName);
  }
}

/** Inside the transaction: each stored document's row points at it. */
export async function recordUserDocuments(
  db: Kysely<DB>,
  userId: number,
  documents: Map<DocumentType, AcceptedDocument>,
  now: string,
  changes: DocumentChanges,
): Promise<void> {
  for (const [type, { file, fileName, mimeType }] of documents) {
    const previous = await replaceUserDocument(db, {
      user_id: userId,
      document_type: type,
      store_name: changes.stored.get(type) as string,
      original_name: fileName,
      mime_type: mimeType,
      size_bytes: file.size,
      created_at: now,
      key_id: file.keyId,
    });
    if (previous) changes.replaced.push(previous);
  }
}

/** After a rollback: the new files go, the old ones stay. */
export async function undoDocumentChanges(storage: DocumentStorage, changes: DocumentChanges): Promise<void> {
  await Promise.all([...changes.stored.values()].map((storeName) => storage.remove(storeName)));
}

/**
 * Inside the transaction, last: the files the new ones replaced leave tombstones; their blobs go after
 * the backup window (storage/removed-blobs.ts).
 */
export async function retireReplacedDocuments(
  db: Kysely<DB>,
  storage: DocumentStorage,
  changes: DocumentChanges,
  at: Date,
): Promise<void> {
  for (const storeName of changes.replaced) await recordRemovedBlob(db, storage.keyOf(storeName), at);
}
