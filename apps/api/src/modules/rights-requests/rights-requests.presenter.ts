import type {
  RightsContact,
  RightsDownload,
  RightsHistoryAction,
  RightsHistoryEntry,
  RightsKind,
  RightsPermissions,
  RightsRequest,
  RightsRequestSummary,
  RightsStatus,
} from '@portal/contract/rights-requests';
import { fullName } from '../../db/person-name.js';
import type { RightsDownloadRow, RightsEventRow, RightsRequestRow } from './rights-requests.repository.js';

/** Open while received or in progress; overdue once today (India) is past its due date. */
export const isOverdue = (row: Pick<RightsRequestRow, 'is_open' | 'due_date'>, today: string) =>
  row.is_open === 1 && row.due_date < today;

/** A download as the client and staff read it: ready until used, replaced or past its end. */
export function presentDownload(row: RightsDownloadRow | undefined, now: Date): RightsDownload | null {
  if (!row) return null;
  const state = row.used_at !== null ? 'used' : Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'ready';
  return { prepared_at: row.prepared_at, expires_at: row.expires_at, used_at: row.used_at, state };
}

export function presentRequestSummary(
  row: RightsRequestRow,
  facts: { today: string; download: RightsDownload | null; permissions: RightsPermissions },
): RightsRequestSummary {
  return {
    id: row.id,
    kind: row.kind as RightsKind,
    client: { id: row.client_id, name: fullName(row.client_first_name, row.client_last_name) },
    details: row.details,
    status: row.status as RightsStatus,
    received_at: row.received_at,
    due_date: row.due_date,
    overdue: isOverdue(row, facts.today),
    answer: row.answer,
    answered_at: row.answered_at,
    close_reason: row.close_reason,
    closed_at: row.closed_at,
    download: facts.download,
    permissions: facts.permissions,
  };
}

/**
 * One step of the history. The client reads its firm's steps as its firm's (no staff names): who in the
 * firm handled it is the firm's to say; staff read every name.
 */
export function presentHistoryEntry(row: RightsEventRow, readerIsClient: boolean): RightsHistoryEntry {
  const named = row.actor_id !== null && !(readerIsClient && row.action !== 'received' && row.action !== 'downloaded');
  return {
    id: row.id,
    action: row.action as RightsHistoryAction,
    note: row.note,
    actor: named ? { id: row.actor_id as number, name: fullName(row.actor_first_name, row.actor_last_name) } : null,
    created_at: row.created_at,
  };
}

export function presentRequest(
  summary: RightsRequestSummary,
  history: RightsHistoryEntry[],
  contact: RightsContact,
): RightsRequest {
  return { ...summary, history, contact };
}
