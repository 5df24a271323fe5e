import type { ConsentRow, PrivacyNoticeVersion } from '@portal/contract/privacy';
import { findRoleName, type RoleName } from '@portal/contract/roles';
import { fullName } from '../../db/person-name.js';
import type { ConsentEventRow, PendingMemberRow } from './privacy-consents.repository.js';
import type { NoticeRow } from './privacy-notices.repository.js';

export function presentNoticeVersion(row: NoticeRow, latestVersion: number | undefined): PrivacyNoticeVersion {
  return {
    id: row.id,
    version: row.version,
    text: row.body,
    published_at: row.published_at,
    published_by:
      row.publisher_first_name === null ? null : fullName(row.publisher_first_name, row.publisher_last_name),
    current: row.version === latestVersion,
  };
}

const personOf = (row: {
  user_id?: number;
  id: number;
  first_name: string;
  last_name: string | null;
  role_id: number;
}) => ({
  id: row.user_id ?? row.id,
  name: fullName(row.first_name, row.last_name),
  role: findRoleName(row.role_id) as RoleName,
});

/** An acceptance or a withdrawal, as the MPC's list shows it. */
export function presentConsentEvent(row: ConsentEventRow): ConsentRow {
  return {
    key: `c${row.id}`,
    person: personOf({ ...row, id: row.user_id }),
    status: row.kind === 'withdrawn' ? 'withdrawn' : 'accepted',
    version: row.version,
    at: row.created_at,
    ip: row.ip,
  };
}

/** A member without a live acceptance of the current version: what it last accepted, or its withdrawal. */
export function presentPendingMember(row: PendingMemberRow): ConsentRow {
  return {
    key: `u${row.id}`,
    person: personOf(row),
    status: row.privacy_withdrawn_at === null ? 'not_accepted' : 'withdrawn',
    version: row.privacy_accepted_version >= 0 ? row.privacy_accepted_version : null,
    at: row.privacy_withdrawn_at,
    ip: null,
  };
}
