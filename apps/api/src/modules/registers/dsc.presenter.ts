import { daysBetween } from '@portal/contract/plain-dates';
import {
  type CustodyDirection,
  type CustodyEvent,
  DSC_EXPIRY_WINDOW_DAYS,
  type DscCertificate,
  type DscClass,
  type DscCustody,
  type DscPermissions,
} from '@portal/contract/registers';
import { fullName, personRefOf } from '../../db/person-name.js';
import type { CertificateRow, CustodyRow } from './dsc.repository.js';

function presentCustodyEvent(row: CustodyRow): CustodyEvent {
  return {
    id: row.id,
    direction: row.direction as CustodyDirection,
    on_date: row.on_date,
    person: row.person,
    note: row.note,
    recorded_by: personRefOf(row.recorded_by, row.recorder_first_name, row.recorder_last_name),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** One certificate with its custody moves; expiry measured against `today` (India). */
export function presentCertificate(
  row: CertificateRow,
  events: CustodyRow[],
  today: string,
  permissions: DscPermissions,
): DscCertificate {
  const daysLeft = daysBetween(today, row.valid_until);
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: fullName(row.client_first_name, row.client_last_name),
    holder_name: row.holder_name,
    class: row.class as DscClass,
    issued_by: row.issued_by,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    token_serial: row.token_serial,
    custody: row.custody as DscCustody,
    notes: row.notes,
    days_left: daysLeft,
    expiring: daysLeft >= 0 && daysLeft <= DSC_EXPIRY_WINDOW_DAYS,
    expired: daysLeft < 0,
    custody_events: events.filter((event) => event.certificate_id === row.id).map(presentCustodyEvent),
    permissions,
  };
}
