import { type Migration, Migrator } from 'kysely';
import type { Database } from './database.js';
import { createFoundationMigration } from './migrations/0001-foundation.js';
import { createPeopleMigration } from './migrations/0002-people.js';
import { createFirmWorkMigration } from './migrations/0003-firm-work.js';
import { createFilesMigration } from './migrations/0004-files.js';
import { createThrottlesMigration } from './migrations/0005-throttles.js';
import { createEncryptionMigration } from './migrations/0006-encryption.js';
import { createStatusBeforeDisableMigration } from './migrations/0007-status-before-disable.js';
import { createListOrderIndexesMigration } from './migrations/0008-list-order-indexes.js';
import { createTopLevelFilesMigration } from './migrations/0010-top-level-files.js';
import { createDropClientStatusesMigration } from './migrations/0011-drop-client-statuses.js';
import { createFileListIndexesMigration } from './migrations/0012-file-list-indexes.js';
import { createRoleCountsMigration } from './migrations/0013-role-counts.js';
import { createScheduledRunsMigration } from './migrations/0014-scheduled-runs.js';
import { createAccountsMigration } from './migrations/0017-accounts.js';
import { createAuditScopeMigration } from './migrations/0019-audit-scope.js';
import { createPracticeWorkMigration } from './migrations/0020-practice-work.js';
import { createDocumentRequestsMigration } from './migrations/0021-document-requests.js';
import { createNotificationsMigration } from './migrations/0022-notifications.js';
import { createFirmRoleCountsMigration } from './migrations/0023-firm-role-counts.js';
import { createWorkSearchIndexMigration } from './migrations/0024-work-search-index.js';
import { assignmentReachIndexesMigration } from './migrations/0025-assignment-reach-indexes.js';
import { createOutboxLinksMigration } from './migrations/0026-outbox-links.js';
import { firmApprovalMigration } from './migrations/0027-firm-approval.js';
import { createRemovedBlobsMigration } from './migrations/0028-removed-blobs.js';
import { calendarInForceMigration } from './migrations/0029-calendar-in-force.js';
import { createOwnerNoticesMigration } from './migrations/0034-owner-notices.js';
import { firmNameMigration } from './migrations/0035-firm-name.js';
import { createChecklistsMigration } from './migrations/0036-checklists.js';
import { createStateExtensionsMigration } from './migrations/0037-state-extensions.js';
import { createMakerCheckerMigration } from './migrations/0038-maker-checker.js';
import { registersMigration } from './migrations/0039-registers.js';
import { createRecurringTasksMigration } from './migrations/0040-recurring-tasks.js';
import { professionalTaxMigration } from './migrations/0041-professional-tax.js';
import { billingFeesMigration } from './migrations/0042-billing-fees.js';
import { billingProfilesMigration } from './migrations/0043-billing-profiles.js';
import { invoicesMigration } from './migrations/0044-invoices.js';
import { billingRefinementsMigration } from './migrations/0045-billing-refinements.js';
import { billedWorkHistoryMigration } from './migrations/0046-billed-work-history.js';
import { billingGrantMigration } from './migrations/0047-billing-grant.js';
import { receiptsMigration } from './migrations/0048-receipts.js';
import { readyToBillMigration } from './migrations/0049-ready-to-bill.js';
import { invoiceDocumentsMigration } from './migrations/0050-invoice-documents.js';
import { requestLinksMigration } from './migrations/0051-request-links.js';
import { fileVersionsMigration } from './migrations/0052-file-versions.js';
import { fileVisibilityMigration } from './migrations/0053-file-visibility.js';
import { folderNamesByVisibilityMigration } from './migrations/0055-folder-names-by-visibility.js';
import { privacyMigration } from './migrations/0056-privacy.js';
import { rightsRequestsMigration } from './migrations/0057-rights-requests.js';
import { fileTrashMigration } from './migrations/0058-file-trash.js';
import { aadhaarVaultMigration } from './migrations/0059-aadhaar-vault.js';
import { breachesMigration } from './migrations/0060-breaches.js';
import { retentionMigration } from './migrations/0061-retention.js';
import { professionalTaxStatesMigration } from './migrations/0062-professional-tax-states.js';
import { searchIndexesMigration } from './migrations/0063-search-indexes.js';
import { workCountsMigration } from './migrations/0064-work-counts.js';
import { firmSearchIndexMigration } from './migrations/0065-firm-search-index.js';
import { requestCountsMigration } from './migrations/0066-request-counts.js';
import { workSearchIndexMigration } from './migrations/0067-work-search-index.js';
import { creatorReachIndexMigration } from './migrations/0068-creator-reach-index.js';
import { fileSearchIndexMigration } from './migrations/0069-file-search-index.js';
import { firmMarkedSearchMigration } from './migrations/0070-firm-marked-search.js';
import { calendarCitationsMigration } from './migrations/0071-calendar-citations.js';
import { calendarRedatesMigration } from './migrations/0072-calendar-redates.js';

/**
 * Forward-only: each entry runs once, in name order; what a shipped migration runs never changes (its
 * source may be tidied while the schema snapshot holds, docs/decisions/0003).
 */
function listMigrations(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '0001-foundation': createFoundationMigration(dialect),
    '0002-people': createPeopleMigration(dialect),
    '0003-firm-work': createFirmWorkMigration(dialect),
    '0004-files': createFilesMigration(dialect),
    '0005-throttles': createThrottlesMigration(dialect),
    '0006-encryption': createEncryptionMigration(dialect),
    '0007-status-before-disable': createStatusBeforeDisableMigration(dialect),
    '0008-list-order-indexes': createListOrderIndexesMigration(dialect),
    '0010-top-level-files': createTopLevelFilesMigration(dialect),
    '0011-drop-client-statuses': createDropClientStatusesMigration(dialect),
    '0012-file-list-indexes': createFileListIndexesMigration(dialect),
    '0013-role-counts': createRoleCountsMigration(dialect),
    '0014-scheduled-runs': createScheduledRunsMigration(dialect),
    '0017-accounts': createAccountsMigration(dialect),
    '0019-audit-scope': createAuditScopeMigration(dialect),
    '0020-practice-work': createPracticeWorkMigration(dialect),
    '0021-document-requests': createDocumentRequestsMigration(dialect),
    '0022-notifications': createNotificationsMigration(dialect),
    '0023-firm-role-counts': createFirmRoleCountsMigration(dialect),
    '0024-work-search-index': createWorkSearchIndexMigration(dialect),
    '0025-assignment-reach-indexes': assignmentReachIndexesMigration,
    '0026-outbox-links': createOutboxLinksMigration(dialect),
    '0027-firm-approval': firmApprovalMigration,
    '0028-removed-blobs': createRemovedBlobsMigration(dialect),
    '0029-calendar-in-force': calendarInForceMigration,
    '0034-owner-notices': createOwnerNoticesMigration(dialect),
    '0035-firm-name': firmNameMigration,
    '0036-checklists': createChecklistsMigration(dialect),
    '0037-state-extensions': createStateExtensionsMigration(dialect),
    '0038-maker-checker': createMakerCheckerMigration(dialect),
    '0039-registers': registersMigration(dialect),
    '0040-recurring-tasks': createRecurringTasksMigration(dialect),
    '0041-professional-tax': professionalTaxMigration,
    '0042-billing-fees': billingFeesMigration(dialect),
    '0043-billing-profiles': billingProfilesMigration(dialect),
    '0044-invoices': invoicesMigration(dialect),
    '0045-billing-refinements': billingRefinementsMigration(dialect),
    '0046-billed-work-history': billedWorkHistoryMigration(dialect),
    '0047-billing-grant': billingGrantMigration(dialect),
    '0048-receipts': receiptsMigration(dialect),
    '0049-ready-to-bill': readyToBillMigration(dialect),
    '0050-invoice-documents': invoiceDocumentsMigration(dialect),
    '0051-request-links': requestLinksMigration(dialect),
    '0052-file-versions': fileVersionsMigration(dialect),
    '0053-file-visibility': fileVisibilityMigration(dialect),
    '0055-folder-names-by-visibility': folderNamesByVisibilityMigration(dialect),
    '0056-privacy': privacyMigration(dialect),
    '0057-rights-requests': rightsRequestsMigration(dialect),
    '0058-file-trash': fileTrashMigration(dialect),
    '0059-aadhaar-vault': aadhaarVaultMigration(dialect),
    '0060-breaches': breachesMigration(dialect),
    '0061-retention': retentionMigration(dialect),
    '0062-professional-tax-states': professionalTaxStatesMigration,
    '0063-search-indexes': searchIndexesMigration(dialect),
    '0064-work-counts': workCountsMigration(dialect),
    '0065-firm-search-index': firmSearchIndexMigration(dialect),
    '0066-request-counts': requestCountsMigration(dialect),
    '0067-work-search-index': workSearchIndexMigration(dialect),
    '0068-creator-reach-index': creatorReachIndexMigration(dialect),
    '0069-file-search-index': fileSearchIndexMigration(dialect),
    '0070-firm-marked-search': firmMarkedSearchMigration(dialect),
    '0071-calendar-citations': calendarCitationsMigration,
    '0072-calendar-redates': calendarRedatesMigration(dialect),
  };
}

/** The names of every migration this version of the portal knows, in order. */
export function listMigrationNames(): string[] {
  return Object.keys(listMigrations('sqlite'));
}

/** Every migration, or (tests of a migration's handling of existing rows) those up to `upTo` included. */
export async function migrateToLatest(database: Database, options: { upTo?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => listMigrations(database.dialect) },
    // Kysely looks for its bookkeeping tables in any schema unless told which one.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = options.upTo ? await migrator.migrateTo(options.upTo) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
