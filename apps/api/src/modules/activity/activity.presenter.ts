import { type AuditEvent, type AuditTarget, type AuditTargetType, describeAuditTarget } from '@portal/contract/audit';
import { labelOfAuditAction } from '@portal/contract/audit-actions';
import { formatIndianDateTime } from '@portal/contract/plain-dates';
import { findRoleName } from '@portal/contract/roles';
import { fullName, personRefOf } from '../../db/person-name.js';
import type { AuditEventRow } from './activity.repository.js';

/** Names an event kept for what it removed (a deleted file, folder or family member). */
function keptName(details: string | null, key: 'file_name' | 'folder_name' | 'member_name'): string | null {
  if (!details) return null;
  try {
    const value = (JSON.parse(details) as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The action's words, with how an upload came when it came through a request link (issue 24). */
function labelOf(row: AuditEventRow): string {
  const label = labelOfAuditAction(row.action);
  if ((row.action !== 'file.upload' && row.action !== 'file.version_upload') || !row.details?.includes('request_link'))
    return label;
  try {
    return (JSON.parse(row.details) as { via?: unknown }).via === 'request_link' ? `${label} by request link` : label;
  } catch {
    return label;
  }
}

function targetOf(row: AuditEventRow): AuditTarget | null {
  if (!row.entity_type) return null;
  const names: Partial<Record<AuditTargetType, () => string | null>> = {
    user: () => (row.target_first_name === null ? null : fullName(row.target_first_name, row.target_last_name)),
    file: () => row.target_file_name ?? keptName(row.details, 'file_name'),
    folder: () => row.target_folder_name ?? keptName(row.details, 'folder_name'),
    service: () => row.target_service_name,
    family_member: () => row.target_member_name ?? keptName(row.details, 'member_name'),
    compliance_rule: () => row.target_rule_form,
  };
  return { type: row.entity_type, id: row.entity_id, name: names[row.entity_type as AuditTargetType]?.() ?? null };
}

/** One event as the Activity screen reads it: who, what, about which client, on what, when, from where. */
export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    action_label: labelOf(row),
    created_at: row.created_at,
    ip: row.ip,
    actor:
      row.actor_id === null
        ? null
        : {
            id: row.actor_id,
            name: fullName(row.actor_first_name, row.actor_last_name),
            role: row.actor_role_id === null ? '' : (findRoleName(row.actor_role_id) ?? ''),
          },
    client: personRefOf(row.client_id, row.client_first_name, row.client_last_name),
    target: targetOf(row),
  };
}

export const AUDIT_CSV_HEADER = [
  'When (India)',
  'When (UTC)',
  'Person',
  'Role',
  'Action',
  'Client',
  'Target',
  'Address',
  'Action code',
  'Event id',
];

/** The same event as a row of the CSV export, in the header's order. */
export function presentAuditCsvCells(event: AuditEvent): (string | number)[] {
  return [
    formatIndianDateTime(event.created_at),
    event.created_at,
    event.actor?.name ?? '',
    event.actor?.role ?? '',
    event.action_label,
    event.client?.name ?? '',
    describeAuditTarget(event.target),
    event.ip ?? '',
    event.action,
    event.id,
  ];
}
