import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import { describe, expect, it } from 'vitest';
import { buildActor, POLICY_ACTORS } from '../../test/support/policy-actors.js';
import type { Actor } from '../auth/actor.js';
import { authorize, scopeFor, type TargetFacts } from './authorize.js';
import { can } from './policy.js';
import { countScopeFor, userScopeFor } from './user-scope.js';
import { canCreateRole, canListRole } from './users.policy.js';

// The expectations below are written out by hand from the spec, not derived from the access table:
// they check the table (and `authorize`, `scopeFor`) against an independent statement of the rules.
type UserTarget = TargetFacts & { status: string };

// Two firms: MPC 10 (firm A) and MPC 20 (firm B); PC 11 and executor 12 in firm A.
const actors: Record<string, Actor> = {
  ...POLICY_ACTORS,
  newExecutorA: buildActor('executor', 13, 10, 'created'),
};

function target(role: RoleName, id: number, firmId: number | null, createdBy: number | null): UserTarget {
  return { id, roleId: ROLE_ID[role], firmId, createdBy, status: 'active' };
}

const targets: Record<string, UserTarget> = {
  admin: target('admin', 1, null, null),
  mpcA: target('mpc', 10, 10, 1),
  mpcB: target('mpc', 20, 20, 1),
  pcA: target('pc', 11, 10, 10),
  pcB: target('pc', 21, 20, 20),
  executorByMpcA: target('executor', 15, 10, 10),
  executorByPcA: target('executor', 16, 10, 11),
  clientByMpcA: target('client', 17, 10, 10),
  clientByPcA: target('client', 18, 10, 11),
  clientByExecutorA: target('client', 19, 10, 12),
  clientB: target('client', 22, 20, 20),
  self13: { ...target('executor', 13, 10, 10), status: 'created' },
  clientAssignedToPcA: {
    ...target('client', 23, 10, 10),
    assignsToStaff: true,
    handlers: { pcIds: [11], executorIds: [12], mpcIds: [] },
  },
  clientBAssignedToPcA: {
    ...target('client', 24, 20, 20),
    assignsToStaff: true,
    handlers: { pcIds: [11], executorIds: [], mpcIds: [] },
  },
  self14: target('client', 14, 10, 10),
};

describe('creating users (who adds whom)', () => {
  it.each([
    ['admin', 'mpc', true],
    ['admin', 'pc', false],
    ['admin', 'client', false],
    ['admin', 'admin', false],
    ['mpcA', 'pc', true],
    ['mpcA', 'executor', true],
    ['mpcA', 'client', true],
    ['mpcA', 'mpc', false],
    ['pcA', 'executor', true],
    ['pcA', 'client', true],
    ['pcA', 'pc', false],
    ['executorA', 'client', true],
    ['executorA', 'executor', false],
    ['clientA', 'client', false],
  ] as const)('%s may create a %s: %s', (actor, role, allowed) => {
    expect(canCreateRole(actors[actor] as Actor, role)).toBe(allowed);
  });

  it.each([
    ['admin', true],
    ['mpcA', true],
    ['pcA', true],
    ['executorA', true],
    ['clientA', false],
  ])('%s may use the create endpoint: %s', (actor, allowed) => {
    expect(can(actors[actor] as Actor, 'users.create')).toBe(allowed);
  });
});

describe('seeing, editing and disabling users (docs/authorization.md)', () => {
  it.each([
    ['admin', 'mpcA', true, true, true],
    ['admin', 'mpcB', true, true, true],
    ['admin', 'pcA', false, false, false],
    ['admin', 'clientByMpcA', false, false, false],
    ['admin', 'admin', true, false, false],
    ['mpcA', 'pcA', true, true, true],
    ['mpcA', 'executorByPcA', true, true, true],
    ['mpcA', 'clientByExecutorA', true, true, true],
    ['mpcA', 'mpcB', false, false, false],
    ['mpcA', 'pcB', false, false, false],
    ['mpcA', 'clientB', false, false, false],
    ['mpcA', 'mpcA', true, false, false],
    ['mpcB', 'clientByMpcA', false, false, false],
    ['pcA', 'executorByPcA', true, true, true],
    ['pcA', 'clientByPcA', true, true, true],
    ['pcA', 'clientByMpcA', false, false, false],
    ['pcA', 'executorByMpcA', false, false, false],
    ['pcA', 'clientB', false, false, false],
    ['executorA', 'clientByExecutorA', true, true, true],
    ['executorA', 'clientByPcA', false, false, false],
    ['newExecutorA', 'self13', true, true, false],
    ['clientA', 'self14', true, false, false],
    ['pcA', 'clientAssignedToPcA', true, false, false],
    ['executorA', 'clientAssignedToPcA', true, false, false],
    ['pcA', 'clientBAssignedToPcA', false, false, false],
    ['mpcA', 'clientAssignedToPcA', true, true, true],
    ['clientA', 'clientByMpcA', false, false, false],
  ] as const)('%s on %s: view %s, edit %s, disable %s', (actor, who, view, edit, disable) => {
    const subject = actors[actor] as Actor;
    const record = targets[who] as UserTarget;
    expect(authorize(subject, 'user.view', record)).toBe(view);
    expect(authorize(subject, 'user.edit', record)).toBe(edit);
    expect(authorize(subject, 'user.disable', record)).toBe(disable);
    expect(authorize(subject, 'user.enable', record)).toBe(disable);
  });
});

describe('family members and service assignment', () => {
  it.each([
    ['mpcA', 'clientByPcA', true, true],
    ['mpcA', 'clientB', false, false],
    ['mpcB', 'clientByMpcA', false, false],
    ['pcA', 'clientByPcA', true, false],
    ['pcA', 'clientAssignedToPcA', false, false],
    ['executorA', 'clientByExecutorA', true, false],
    ['clientA', 'self14', true, false],
    ['clientA', 'clientByMpcA', false, false],
    ['admin', 'clientByMpcA', false, false],
    ['mpcA', 'pcA', false, false],
  ] as const)('%s on %s: family %s, assign services %s', (actor, who, family, assign) => {
    const subject = actors[actor] as Actor;
    const record = targets[who] as UserTarget;
    expect(authorize(subject, 'family.manage', record)).toBe(family);
    expect(authorize(subject, 'service.assign', record)).toBe(assign);
  });

  it.each([
    ['mpcA', true],
    ['pcA', true],
    ['executorA', true],
    ['clientA', false],
    ['admin', false],
  ])('%s keeps user links: %s', (actor, allowed) => {
    expect(can(actors[actor] as Actor, 'links.manage')).toBe(allowed);
  });
});

describe('lists and counts', () => {
  it.each([
    ['admin', 'mpc', true],
    ['admin', 'client', false],
    ['mpcA', 'pc', true],
    ['mpcA', 'mpc', false],
    ['pcA', 'executor', true],
    ['pcA', 'pc', false],
    ['executorA', 'client', true],
    ['executorA', 'executor', false],
    ['clientA', 'client', false],
  ] as const)('%s may list role %s: %s', (actor, role, allowed) => {
    expect(canListRole(actors[actor] as Actor, ROLE_ID[role])).toBe(allowed);
  });

  it('scopes the firm in the data the repository turns into SQL', () => {
    expect(userScopeFor(actors.mpcA as Actor)).toEqual({ withinFirm: 10, roleIds: [3, 4, 5], firmId: 10, selfId: 10 });
    expect(userScopeFor(actors.pcA as Actor)).toEqual({
      withinFirm: 10,
      roleIds: [4, 5],
      firmId: 10,
      createdBy: 11,
      selfId: 11,
      assignedAs: { column: 'pc_id', userId: 11, firmId: 10 },
    });
    expect(scopeFor(actors.pcA as Actor, 'user.edit')).toEqual({
      withinFirm: 10,
      roleIds: [4, 5],
      firmId: 10,
      createdBy: 11,
    });
    expect(scopeFor(actors.newExecutorA as Actor, 'user.edit')).toEqual({ withinFirm: 10, roleIds: [], selfId: 13 });
    // The admin's reach is the platform: no firm goes first.
    expect(countScopeFor(actors.admin as Actor)).toEqual({ roleIds: [2, 3, 4, 5] });
    expect(countScopeFor(actors.mpcA as Actor)).toEqual({ withinFirm: 10, roleIds: [3, 4, 5], firmId: 10 });
    expect(countScopeFor(actors.clientA as Actor)).toEqual({ withinFirm: 10, roleIds: [] });
  });

  it.each([
    ['admin', true],
    ['mpcA', false],
    ['clientA', false],
  ])('%s may change the services catalogue: %s', (actor, allowed) => {
    expect(can(actors[actor] as Actor, 'services.write')).toBe(allowed);
    expect(can(actors[actor] as Actor, 'services.read')).toBe(true);
  });
});
