import { describe, expect, it } from 'vitest';
import { buildActor, POLICY_ACTORS } from '../../test/support/policy-actors.js';
import { authorize } from './authorize.js';
import { clientItemTarget, clientServiceTarget, type FileClient, type ServiceHandlers } from './files.policy.js';
import { can } from './policy.js';

const { admin, mpcA, mpcB, pcA, executorA, clientA: client } = POLICY_ACTORS;

const createdByMpc: FileClient = { id: 14, firmId: 10, createdBy: 10, assignsToStaff: true };
const createdByPc: FileClient = { id: 15, firmId: 10, createdBy: 11, assignsToStaff: true };
const inMpcMode: FileClient = { ...createdByMpc, assignsToStaff: false };
const handledByPcA: ServiceHandlers = { pcId: 11, executorId: null, mpcId: 20 };
const handledByExecutorA: ServiceHandlers = { pcId: null, executorId: 12, mpcId: null };

// Written out from the spec, not derived from the access table: they check the table's file rows.
describe('who reaches a client service’s files (docs/authorization.md)', () => {
  it.each([
    ['the firm MPC', mpcA, createdByMpc, null, true],
    ['another firm MPC', mpcB, createdByMpc, null, false],
    ['another firm MPC assigned, client in MPC mode', mpcB, inMpcMode, handledByPcA, true],
    ['another firm MPC assigned, client in PC/Executor mode', mpcB, createdByMpc, handledByPcA, false],
    ['a PC on a client it created, any service', pcA, createdByPc, null, true],
    ['a PC assigned to this service', pcA, createdByMpc, handledByPcA, true],
    ['a PC not assigned to this service', pcA, createdByMpc, handledByExecutorA, false],
    ['a PC assigned while the client is in MPC mode', pcA, inMpcMode, handledByPcA, false],
    ['an executor assigned to this service', executorA, createdByMpc, handledByExecutorA, true],
    ['an executor not assigned', executorA, createdByMpc, handledByPcA, false],
    ['the client itself', client, createdByMpc, null, true],
    ['another client', buildActor('client', 99, 10), createdByMpc, null, false],
    ['the admin', admin, createdByMpc, handledByPcA, false],
  ] as const)('%s: %s', (_case, who, target, handlers, allowed) => {
    expect(authorize(who, 'file.read', clientServiceTarget(target, handlers))).toBe(allowed);
    expect(authorize(who, 'file.upload', clientServiceTarget(target, handlers))).toBe(allowed);
  });

  // Client 14's service, created by MPC 10 and handled by nobody.
  const service14 = clientServiceTarget(createdByMpc, null);
  it.each([
    ['staff, any file', mpcA, { ownerId: 14, clientMayDelete: false }, true],
    ['another firm MPC, a file it cannot open', mpcB, { ownerId: 20, clientMayDelete: true }, false],
    ['a PC not assigned, a file it uploaded', pcA, { ownerId: 11, clientMayDelete: false }, false],
    ['the client, its own upload', client, { ownerId: 14, clientMayDelete: false }, true],
    ['the client, marked Yes', client, { ownerId: 10, clientMayDelete: true }, true],
    ['the client, marked No', client, { ownerId: 10, clientMayDelete: false }, false],
    ['another client, marked Yes', buildActor('client', 99, 10), { ownerId: 10, clientMayDelete: true }, false],
  ] as const)('deleting a file, %s: %s', (_case, who, file, allowed) => {
    expect(authorize(who, 'file.delete', clientItemTarget(service14, file))).toBe(allowed);
  });

  it.each([
    ['client', 'files.recent', true],
    ['mpc', 'files.recent', false],
    ['mpc', 'files.shared', true],
    // A PC or executor: the services handed to its firm's MPC with work assigned to it (docs/decisions/0047).
    ['pc', 'files.shared', true],
    ['executor', 'files.shared', true],
    ['client', 'files.shared', false],
    ['admin', 'files.shared', false],
  ] as const)('a %s may use %s: %s', (role, ability, allowed) => {
    expect(can(buildActor(role, 5, 5), ability)).toBe(allowed);
  });

  it('lets a client delete only folders it created', () => {
    const folder = (ownerId: number) =>
      clientItemTarget(clientServiceTarget(createdByMpc, handledByPcA), { ownerId, clientMayDelete: false });
    expect(authorize(client, 'folder.delete', folder(14))).toBe(true);
    expect(authorize(client, 'folder.delete', folder(10))).toBe(false);
    expect(authorize(pcA, 'folder.delete', folder(10))).toBe(true);
    expect(authorize(executorA, 'folder.delete', folder(12))).toBe(false);
  });
});
