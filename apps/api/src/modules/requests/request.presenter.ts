import { labelPeriod } from '@portal/contract/compliance-periods';
import type { PersonRef } from '@portal/contract/person-ref';
import type { RequestLinkState } from '@portal/contract/request-links';
import type {
  DocumentRequest,
  RequestFile,
  RequestItem,
  RequestItemStatus,
  RequestStatus,
} from '@portal/contract/requests';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { authorize } from '../../policy/authorize.js';
import { workItemTarget } from '../../policy/work.policy.js';
import { signFileLink } from '../files/file-links.js';
import type { RequestFileRow, RequestItemRow, RequestRow } from './requests.repository.js';

const person = (id: number | null, first: string | null, last: string | null): PersonRef | null =>
  id === null ? null : { id, name: fullName(first, last) || 'A former user' };

/**
 * The page's documents and files, grouped once for every request presented from them; the live links
 * of its requests and the firms whose links are on (read only for requests the caller manages).
 */
export type RequestParts = {
  items: RequestItemRow[];
  files: RequestFileRow[];
  links: Map<number, NonNullable<RequestLinkState>>;
  firmsWithLinks: Set<number>;
};

/**
 * A request as the caller reads it: its documents, each with its files (a download link only for a
 * caller who opens the service's files), and what the caller may do with it.
 */
export function presentRequest(
  row: RequestRow,
  parts: RequestParts,
  actor: Actor,
  links: { appKey: string; now: Date; today: string },
): DocumentRequest {
  const target = workItemTarget(row);
  const opensFiles = authorize(actor, 'file.read', target);
  const presentFileRow = (file: RequestFileRow): RequestFile => ({
    file_id: file.file_id,
    file_name: file.file_name,
    size: Number(file.size_bytes),
    uploaded_at: file.created_at,
    uploaded_by: person(file.uploaded_by, file.uploader_first_name, file.uploader_last_name),
    download_url: opensFiles ? signFileLink(links.appKey, file.file_id, actor.id, links.now).url : null,
  });
  const items: RequestItem[] = parts.items
    .filter((item) => item.request_id === row.request_id)
    .map((item) => ({
      id: item.id,
      name: item.name,
      status: item.status as RequestItemStatus,
      reason: item.reason,
      reviewed_at: item.reviewed_at,
      reviewed_by: person(item.reviewed_by, item.reviewer_first_name, item.reviewer_last_name),
      files: parts.files.filter((file) => file.item_id === item.id).map(presentFileRow),
    }));
  const open = row.request_status === 'open';
  const manage = open && authorize(actor, 'request.manage', target);
  return {
    id: row.request_id,
    work_item: {
      id: row.id,
      title: row.title,
      period_label: row.period ? labelPeriod(row.period) : null,
      service_id: row.service_id,
      service_name: row.service_name,
    },
    client: { id: row.client_id, name: fullName(row.client_first_name, row.client_last_name) },
    message: row.request_message,
    due_date: row.request_due_date,
    overdue: open && row.request_due_date < links.today,
    status: row.request_status as RequestStatus,
    items,
    created_by: person(row.request_created_by, row.requester_first_name, row.requester_last_name),
    created_at: row.request_created_at,
    closed_at: row.request_closed_at,
    reminders_sent: row.request_reminders_sent,
    // Staff who manage it read whether a link works and until when; never its token.
    link: manage ? (parts.links.get(row.request_id) ?? null) : null,
    permissions: {
      manage,
      upload: open && authorize(actor, 'request.upload', target),
      send_link: manage && parts.firmsWithLinks.has(row.firm_id),
    },
  };
}
