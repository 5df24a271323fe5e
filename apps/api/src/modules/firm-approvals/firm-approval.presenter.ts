import type { PendingFirm } from '@portal/contract/firm-approvals';
import type { PendingFirmOwnerRow } from './firm-approvals.repository.js';

export function presentPendingFirm(row: PendingFirmOwnerRow): PendingFirm {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    firm_name: row.firm_name,
    email: row.email,
    mobile_number: row.mobile_number,
    registered_at: row.created_at,
    registration_completed: row.status !== 'created',
  };
}
