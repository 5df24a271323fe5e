import { dropAadhaarRefs } from '../aadhaar-vault/aadhaar-vault.service.js';
import { moveAadhaarIntoVault } from '../users/sub-form-aadhaar.js';
import { openSubForm, sealSubFormColumns } from '../users/sub-form-secrets.js';
import { listUsersToSeal, updateUserSecrets } from './key-usage.repository.js';
import { BATCH, createSealReport, type SealContext, type SealReport } from './seal-report.js';

/**
 * Users' sub-forms under the active key, a batch in one transaction. A sub-form still holding Aadhaar
 * numbers as text (written before the vault: migration 0059 marked those rows) has them moved into the
 * vault in the same transaction (docs/decisions/0044); a row changed meanwhile keeps its newer content
 * and the numbers stored for it go again.
 */
export async function sealUsers(context: SealContext, olderKeys: boolean, report: SealReport): Promise<void> {
  let afterId = 0;
  for (;;) {
    const page = { activeKeyId: context.keyring.active().id, olderKeys, afterId, limit: BATCH };
    const rows = await listUsersToSeal(context.db, page);
    afterId = rows.at(-1)?.id ?? afterId;
    // Counted apart until the batch commits: a batch rolled back changed nothing.
    const batch = createSealReport();
    try {
      await context.db.transaction().execute(async (trx) => {
        for (const row of rows) await sealUser({ ...context, db: trx }, row, batch);
      });
      report.users += batch.users;
      report.aadhaar += batch.aadhaar;
      report.skipped += batch.skipped;
    } catch (error) {
      // The batch's changes are gone with its transaction; its rows stay for the next pass.
      report.skipped += rows.length;
      context.log.error({ fromUserId: rows[0]?.id, err: error }, 'a batch of users could not be re-encrypted');
    }
    if (rows.length < BATCH) return;
  }
}

type UserToSeal = Awaited<ReturnType<typeof listUsersToSeal>>[number];

async function sealUser(context: SealContext, row: UserToSeal, report: SealReport): Promise<void> {
  let opened: ReturnType<typeof openSubForm>;
  try {
    opened = openSubForm(context.keyring, row.additional_data, context.log, true);
  } catch (error) {
    report.skipped += 1;
    context.log.error({ userId: row.id, err: error }, 'the secrets of a user could not be re-encrypted');
    return;
  }
  // Text that is not a sub-form object holds no secret the portal knows of: it stays as it is.
  if (!opened) {
    const columns = { additional_data: row.additional_data, secrets_key_id: '' };
    if (await updateUserSecrets(context.db, row.id, row.additional_data, columns)) report.users += 1;
    return;
  }
  const owner = { userId: row.id, firmId: row.firm_id };
  const moved = await moveAadhaarIntoVault(context, owner, opened);
  const columns = sealSubFormColumns(context.keyring, moved.data);
  if (await updateUserSecrets(context.db, row.id, row.additional_data, columns)) {
    report.users += 1;
    report.aadhaar += moved.stored.length;
  } else await dropAadhaarRefs(context.db, row.id, moved.stored);
}
