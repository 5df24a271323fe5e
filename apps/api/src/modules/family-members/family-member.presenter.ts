import type { FamilyMember, GuardianRelation } from '@portal/contract/family-members';
import type { FamilyMemberRow } from './family-members.repository.js';

export function presentFamilyMember(row: FamilyMemberRow): FamilyMember {
  return {
    family_member_id: row.id,
    member_name: row.member_name,
    mobile_number: row.mobile_number,
    email_id: row.email_id,
    service_id: row.service_id,
    service_name: row.service_name,
    is_minor: row.is_minor === 1,
    guardian_name: row.is_minor === 1 ? row.guardian_name : null,
    guardian_relation: row.is_minor === 1 ? (row.guardian_relation as GuardianRelation | null) : null,
    created_at: row.created_at,
  };
}
