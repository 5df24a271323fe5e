import { describe, expect, it } from 'vitest';
import { buildActor } from '../../test/support/policy-actors.js';
import { authorize, scopeFor } from './authorize.js';
import { clientServiceTarget } from './files.policy.js';
import { mayUseRoute } from './registration.policy.js';
import { countScopeFor, userScopeFor } from './user-scope.js';
import { canListRole } from './users.policy.js';

const newExecutor = buildActor('executor', 13, 10, 'created');
const newMpc = buildActor('mpc', 30, 30, 'created');
const activeExecutor = buildActor('executor', 13, 10);

describe('a user in status created (docs/api-conventions.md)', () => {
  it.each([
    ['GET', '/api/me', true],
    ['HEAD', '/api/me', true],
    ['POST', '/api/logout', true],
    ['GET', '/api/user/detail/:id', true],
    ['POST', '/api/user/edit', true],
    ['GET', '/api/common/clientStatus', true],
    ['GET', '/api/user/userListByRole/:role_id', false],
    ['POST', '/api/user/create', false],
    ['GET', '/api/user/totalUser/:id', false],
    ['POST', '/api/user/detail/:id', false],
    ['GET', '/api/folders/:client_id/:service_id', false],
    ['GET', '/api/service/all', false],
  ] as const)('%s %s: %s', (method, url, allowed) => {
    expect(mayUseRoute(newExecutor, { method, url })).toBe(allowed);
    expect(mayUseRoute(newMpc, { method, url })).toBe(allowed);
    expect(mayUseRoute(activeExecutor, { method, url })).toBe(true);
  });

  it('passes the own sensitive read of the edit form, which the user scope limits to itself', () => {
    expect(mayUseRoute(newMpc, { method: 'GET', url: '/api/user/:id/sensitive' })).toBe(true);
    expect(mayUseRoute(newMpc, { method: 'GET', url: '/api/user/totalUser/:id' })).toBe(false);
  });

  it('reaches only itself, whatever its role', () => {
    expect(userScopeFor(newMpc)).toEqual({ withinFirm: 30, roleIds: [], selfId: 30 });
    expect(scopeFor(newExecutor, 'user.edit')).toEqual({ withinFirm: 10, roleIds: [], selfId: 13 });
    expect(countScopeFor(newMpc)).toEqual({ withinFirm: 30, roleIds: [] });
    const ownClient = { id: 40, roleId: 5, firmId: 30, createdBy: 30 };
    expect(authorize(newMpc, 'user.view', ownClient)).toBe(false);
    expect(authorize(newMpc, 'user.edit', ownClient)).toBe(false);
    expect(authorize(newMpc, 'family.manage', ownClient)).toBe(false);
    expect(canListRole(newMpc, 5)).toBe(false);
    const self = { id: 30, roleId: 2, firmId: 30, createdBy: null };
    expect(authorize(newMpc, 'user.view', self)).toBe(true);
    expect(authorize(newMpc, 'user.edit', self)).toBe(true);
  });

  it('reaches no client files, even ones assigned to it', () => {
    const client = { id: 14, firmId: 10, createdBy: 13, assignsToStaff: true };
    const handlers = { pcId: null, executorId: 13, mpcId: null };
    expect(authorize(newExecutor, 'file.read', clientServiceTarget(client, handlers))).toBe(false);
    expect(authorize(activeExecutor, 'file.read', clientServiceTarget(client, handlers))).toBe(true);
  });
});
