import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createEncryptedCopy, createRewrappedCopy, HEADER_BYTES, readKeyId } from '../../encryption/file-cipher.js';
import { openValue, sealValue } from '../../encryption/value-cipher.js';
import { resealAadhaarVault } from '../aadhaar-vault/aadhaar-vault.service.js';
import { findKeysNamedByFiles } from '../files/file-reads.service.js';
import {
  countNotUnder,
  listClientFilesToSeal,
  listDocumentsToSeal,
  listSealedValuesToSeal,
  listTwoFactorSecretsToSeal,
  type SealedValueTable,
  type SealPage,
  updateSealedValue,
  updateStoredKey,
  updateTwoFactorSecrets,
} from './key-usage.repository.js';
import { BATCH, createSealReport, type SealContext, type SealReport } from './seal-report.js';
import { sealUsers } from './seal-sub-forms.js';

export type { SealReport } from './seal-report.js';

/**
 * Walks the rows a list finds, a batch at a time by id, under the key active when each batch is read.
 * A row that fails is counted as skipped and logged (`describe` says what it was), never retried here.
 */
async function sealEachRow<Row extends { id: number }>(
  context: SealContext,
  report: SealReport,
  steps: {
    list: (page: SealPage) => Promise<Row[]>;
    seal: (row: Row) => Promise<unknown>;
    describe: (row: Row, error: unknown) => [object, string];
  },
  olderKeys = true,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const rows = await steps.list({ activeKeyId: context.keyring.active().id, olderKeys, afterId, limit: BATCH });
    for (const row of rows) {
      afterId = row.id;
      try {
        await steps.seal(row);
      } catch (error) {
        report.skipped += 1;
        context.log.error(...steps.describe(row, error));
      }
    }
    if (rows.length < BATCH) return;
  }
}

/**
 * Brings data at rest under the active key (docs/security.md). `plaintext`: only what was written
 * before encryption existed, or before the Aadhaar vault (the start-up task); `all`: also what an older
 * key protects, the vault's numbers under its own active key included (`npm run keys:rotate`).
 * `aadhaar` counts the numbers moved into the vault or re-sealed in it. Safe while the server runs:
 * each row is changed only if it did not change meanwhile, each file is replaced whole (a rename on
 * disk, a completed PUT in a bucket), and a file's own key (hence its chunks) stays the same, so a
 * download already reading it gets the same bytes.
 */
export async function sealDataAtRest(
  context: SealContext,
  scope: 'plaintext' | 'all',
  // The caller's own report, to show it while the pass runs (keys:rotate prints it every few seconds).
  report: SealReport = createSealReport(),
): Promise<SealReport> {
  const olderKeys = scope === 'all';
  await sealUsers(context, olderKeys, report);
  // TOTP secrets, queued mail and the vault were sealed from the start: only a rotation has anything to move.
  if (olderKeys) {
    await sealSealedValues(context, report);
    const vault = await resealAadhaarVault(context);
    report.aadhaar += vault.resealed;
    report.skipped += vault.skipped;
  }
  await sealStoredFiles(context, olderKeys, report);
  return report;
}

/** Opens a value under whichever key sealed it and seals it under the active one. */
const reseal = (context: SealContext, value: string | null) =>
  value === null ? null : sealValue(context.keyring, openValue(context.keyring, value));

/** TOTP secrets (counted with the users), queued mail bodies and firms' bank accounts, moved under the active key. */
async function sealSealedValues(context: SealContext, report: SealReport): Promise<void> {
  await sealEachRow(context, report, {
    list: (page) => listTwoFactorSecretsToSeal(context.db, page),
    seal: async (row) => {
      const next = {
        totp_secret: reseal(context, row.totp_secret),
        totp_pending_secret: reseal(context, row.totp_pending_secret),
      };
      if (await updateTwoFactorSecrets(context.db, row.id, row, next)) report.users += 1;
    },
    describe: (row, error) => [{ userId: row.id, err: error }, 'the second factor of a user could not be re-encrypted'],
  });
  const sealedValues: [SealedValueTable, string][] = [
    ['mail_outbox', 'a queued message could not be re-encrypted'],
    ['billing_profiles', "a firm's bank account could not be re-encrypted"],
  ];
  for (const [table, failure] of sealedValues)
    await sealEachRow(context, report, {
      list: (page) => listSealedValuesToSeal(context.db, table, page),
      seal: (row) =>
        updateSealedValue(context.db, table, {
          id: row.id,
          previous: row.value,
          value: reseal(context, row.value) as string,
        }),
      describe: (row, error) => [{ table, id: row.id, err: error }, failure],
    });
}

async function sealStoredFile(context: SealContext, key: string, keyId: string | null): Promise<string> {
  const blob = await context.blobs.open(key, HEADER_BYTES);
  const active = context.keyring.active().id;
  try {
    const stored = readKeyId(context.keyring, blob.head);
    if (stored === null) {
      // Only a row that never had a key may point at a plaintext file; otherwise its key is missing.
      if (keyId !== null) throw new Error(`the file's key ${keyId} is not available`);
      await context.blobs.putStream(key, createEncryptedCopy(context.keyring, blob));
    } else if (stored !== active) {
      await context.blobs.putStream(key, createRewrappedCopy(context.keyring, blob));
    }
  } finally {
    await blob.close();
  }
  return active;
}

async function sealStoredFiles(context: SealContext, olderKeys: boolean, report: SealReport): Promise<void> {
  // A version upload or restore moves a blob between `files` and `file_versions` (0037): the row sealed
  // is gone, yet the blob is another's now and stays.
  const namedByFiles = async (key: string) => (await findKeysNamedByFiles(context, [key])).has(key);
  const kinds = [
    ...(['files', 'file_versions'] as const).map((table) => ({
      table,
      list: (page: SealPage) => listClientFilesToSeal(context.db, table, page),
      keyOf: (row: { store_name: string; client_id?: number }) =>
        context.files.keyOf(row.client_id as number, row.store_name),
      count: () => (report.files += 1),
      stillNamed: namedByFiles,
    })),
    {
      table: 'user_documents' as const,
      list: (page: SealPage) => listDocumentsToSeal(context.db, page),
      keyOf: (row: { store_name: string }) => context.documents.keyOf(row.store_name),
      count: () => (report.documents += 1),
      stillNamed: async () => false,
    },
  ];
  for (const kind of kinds)
    await sealEachRow<{ id: number; store_name: string; key_id: string | null; client_id?: number }>(
      context,
      report,
      {
        list: kind.list,
        seal: async (row) => {
          const key = kind.keyOf(row);
          const keyId = await sealStoredFile(context, key, row.key_id);
          // Deleted or replaced while it was being rewritten: the new copy must not bring it back.
          if (await updateStoredKey(context.db, kind.table, { id: row.id, storeName: row.store_name }, keyId))
            kind.count();
          else if (!(await kind.stillNamed(key))) await context.blobs.remove(key);
        },
        describe: (row, error) => [
          { table: kind.table, id: row.id, reason: (error as NodeJS.ErrnoException).code ?? String(error) },
          'a stored file could not be encrypted',
        ],
      },
      olderKeys,
    );
}

/** How many rows still hold secrets or files under a key other than `activeKeyId` (`npm run keys:rotate`). */
export function countRowsNotUnderKey(db: Kysely<DB>, activeKeyId: string): Promise<number> {
  return countNotUnder(db, activeKeyId);
}
