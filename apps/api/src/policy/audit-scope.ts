import type { RoleName } from '@portal/contract/roles';
import { ACCESS_TABLE, rulesFor } from './access-table.js';
import { firmOf, type Subject } from './authorize.js';

/**
 * Which events of the activity log an actor's Activity screen reads, compiled from the `audit.read` rows
 * of the access table into what the audit repository turns into SQL: the platform's events (a column
 * written with each event, `isPlatformEvent`) or one firm's.
 */
export type AuditScope = { platform: true } | { firmId: number };

/** Every role a firm holds: the firm's events are readable as a whole only when the rows cover them all. */
const FIRM_ROLES: RoleName[] = ['mpc', 'pc', 'executor', 'client'];

export function auditScopeFor(subject: Subject): AuditScope | null {
  if (subject.status === 'created') return null;
  const rules = rulesFor(subject.role, 'audit.read');
  if (rules.length === 0) return null;
  if (rules.some((rule) => rule.relation === 'platform')) return { platform: true };
  const firm = firmOf(subject);
  const covered = new Set<RoleName>();
  for (const rule of rules) {
    // An MPC is the one MPC of its firm: its own events are the firm's MPC events.
    const wholeRole = rule.relation === 'firm' || (rule.relation === 'self' && subject.role === 'mpc');
    if (!wholeRole) throw new Error(`${rule.relation} cannot scope the activity log of a ${subject.role}`);
    for (const role of rule.targets) covered.add(role);
  }
  if (firm === null || !FIRM_ROLES.every((role) => covered.has(role)))
    throw new Error(`the audit.read rows of a ${subject.role} do not cover its firm`);
  return { firmId: firm };
}

/**
 * Whether the admin's Activity shows an event about a user of this role: the `platform` rows of
 * `audit.read`. An event that no account stands behind (a sign-in failure naming none) is the platform's.
 */
export function isPlatformEvent(subjectRole: RoleName | null): boolean {
  return ACCESS_TABLE.some(
    (rule) =>
      rule.action === 'audit.read' &&
      rule.relation === 'platform' &&
      (subjectRole === null || rule.targets.includes(subjectRole)),
  );
}
