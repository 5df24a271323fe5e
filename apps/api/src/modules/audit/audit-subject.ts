import { findRoleName } from '@portal/contract/roles';
import { isPlatformEvent } from '../../policy/audit-scope.js';
import { firmOf } from '../../policy/authorize.js';

/** The user an event is about, as the users table holds it. */
export type AuditSubjectRow = { id: number; role_id: number; firm_id: number | null };

export type AuditScopeColumns = {
  subject_id: number | null;
  firm_id: number | null;
  client_id: number | null;
  platform: number;
};

/**
 * Where an event belongs, from the user it is about: that user's firm, the client when it is one, and
 * whether the admin's Activity shows it. An event that no account stands behind (no actor, no subject)
 * belongs to the platform; one whose subject is gone belongs to nobody's screen.
 */
export function scopeColumnsOf(subject: AuditSubjectRow | undefined, actorId: number | null): AuditScopeColumns {
  if (!subject)
    return {
      subject_id: null,
      firm_id: null,
      client_id: null,
      platform: actorId === null && isPlatformEvent(null) ? 1 : 0,
    };
  const role = findRoleName(subject.role_id) ?? null;
  if (role === null) return { subject_id: subject.id, firm_id: null, client_id: null, platform: 0 };
  return {
    subject_id: subject.id,
    firm_id: role === 'admin' ? null : firmOf({ id: subject.id, role, firmId: subject.firm_id }),
    client_id: role === 'client' ? subject.id : null,
    platform: isPlatformEvent(role) ? 1 : 0,
  };
}
