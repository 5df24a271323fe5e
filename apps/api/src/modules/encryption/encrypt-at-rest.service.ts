import fs from 'node:fs/promises';
import type { AppContext } from '../../app-context.js';
import { encryptFileInPlace, readFileKeyId, rewrapFile } from '../../encryption/file-cipher.js';
import { openSubForm, sealSubFormColumns } from '../users/sub-form-secrets.js';
import {
  listDocumentsToSeal,
  listFilesToSeal,
  listUsersToSeal,
  updateStoredKey,
  updateUserSecrets,
} from './key-usage.repository.js';

export type SealReport = { users: number; files: number; documents: number; skipped: number };
type SealContext = Pick<AppContext, 'db' | 'keyring' | 'files' | 'documents' | 'log'>;

const BATCH = 200;

/**
 * Brings data at rest under the active key (docs/security.md). `plaintext`: only what was written
 * before encryption existed (the start-up task); `all`: also what an older key protects
 * (`npm run keys:rotate`). Safe while the server runs: each row is changed only if it did not change
 * meanwhile, each file is replaced by rename, and a file's own key (hence its chunks) stays the same.
 */
export async function sealDataAtRest(context: SealContext, scope: 'plaintext' | 'all'): Promise<SealReport> {
  const report: SealReport = { users: 0, files: 0, documents: 0, skipped: 0 };
  const olderKeys = scope === 'all';
  await sealUsers(context, olderKeys, report);
  await sealStoredFiles(context, olderKeys, report);
  return report;
}

async function sealUsers(context: SealContext, olderKeys: boolean, report: SealReport): Promise<void> {
  let afterId = 0;
  for (;;) {
    const rows = await listUsersToSeal(context.db, context.keyring.active().id, olderKeys, afterId, BATCH);
    for (const row of rows) {
      afterId = row.id;
      try {
        const opened = openSubForm(context.keyring, row.additional_data, context.log, true);
        // Text that is not a sub-form object holds no secret the portal knows of: it stays as it is.
        const columns = opened
          ? sealSubFormColumns(context.keyring, opened)
          : { additional_data: row.additional_data, secrets_key_id: '' };
        if (await updateUserSecrets(context.db, row.id, row.additional_data, columns)) report.users += 1;
      } catch (error) {
        report.skipped += 1;
        context.log.error({ userId: row.id, err: error }, 'the secrets of a user could not be re-encrypted');
      }
    }
    if (rows.length < BATCH) return;
  }
}

async function sealStoredFile(context: SealContext, filePath: string, keyId: string | null): Promise<string> {
  const onDisk = await readFileKeyId(context.keyring, filePath);
  const active = context.keyring.active().id;
  if (onDisk === null) {
    // Only a row that never had a key may point at a plaintext file; otherwise its key is missing.
    if (keyId !== null) throw new Error(`the file's key ${keyId} is not available`);
    await encryptFileInPlace(context.keyring, filePath, context.documents.tempDir);
  } else if (onDisk !== active) {
    await rewrapFile(context.keyring, filePath, context.documents.tempDir);
  }
  return active;
}

async function sealStoredFiles(context: SealContext, olderKeys: boolean, report: SealReport): Promise<void> {
  const kinds = [
    {
      table: 'files' as const,
      list: (afterId: number) => listFilesToSeal(context.db, context.keyring.active().id, olderKeys, afterId, BATCH),
      pathOf: (row: { store_name: string; client_id?: number }) =>
        context.files.pathOf(row.client_id as number, row.store_name),
      count: () => (report.files += 1),
    },
    {
      table: 'user_documents' as const,
      list: (afterId: number) =>
        listDocumentsToSeal(context.db, context.keyring.active().id, olderKeys, afterId, BATCH),
      pathOf: (row: { store_name: string }) => context.documents.pathOf(row.store_name),
      count: () => (report.documents += 1),
    },
  ];
  for (const kind of kinds) {
    let afterId = 0;
    for (;;) {
      const rows = await kind.list(afterId);
      for (const row of rows) {
        afterId = row.id;
        try {
          const filePath = kind.pathOf(row);
          const keyId = await sealStoredFile(context, filePath, row.key_id);
          // Deleted or replaced while it was being rewritten: the rename must not bring it back.
          if (await updateStoredKey(context.db, kind.table, { id: row.id, storeName: row.store_name }, keyId))
            kind.count();
          else await fs.rm(filePath, { force: true });
        } catch (error) {
          report.skipped += 1;
          const code = (error as NodeJS.ErrnoException).code;
          context.log.error(
            { table: kind.table, id: row.id, reason: code ?? String(error) },
            'a stored file could not be encrypted',
          );
        }
      }
      if (rows.length < BATCH) break;
    }
  }
}
