import { describe, expect, it } from 'vitest';
import { buildActor, POLICY_ACTORS } from '../../test/support/policy-actors.js';
import { authorize } from './authorize.js';
import { clientServiceScopeFor } from './client-service-scope.js';
import { can } from './policy.js';
import { type WorkItemFacts, workItemTarget } from './work.policy.js';

const { admin, mpcA, mpcB, pcA, executorA, clientA: client } = POLICY_ACTORS;

const item = (facts: Partial<WorkItemFacts> = {}): WorkItemFacts => ({
  client_id: 14,
  client_firm_id: 10,
  client_created_by: 10,
  client_assign_service_type: 1,
  handling_pc_id: null,
  handling_executor_id: null,
  handling_mpc_id: null,
  assignee_id: null,
  reviewer_id: null,
  ...facts,
});

// Written out from the issue ("who sees and changes what follows the existing scope"), not derived from
// the access table: they check the table's work rows.
describe('who sees and changes a work item (docs/authorization.md)', () => {
  it.each([
    ['the firm MPC', mpcA, item(), true, true],
    ['another firm MPC', mpcB, item(), false, false],
    [
      'another firm MPC handed the service, client in MPC mode',
      mpcB,
      item({ client_assign_service_type: 0, handling_mpc_id: 20 }),
      true,
      true,
    ],
    [
      'another firm MPC handed the service, client back in PC/Executor mode',
      mpcB,
      item({ handling_mpc_id: 20 }),
      false,
      false,
    ],
    ['a PC on a client it created', pcA, item({ client_created_by: 11 }), true, true],
    ['a PC handling the service', pcA, item({ handling_pc_id: 11 }), true, true],
    [
      'a PC handling the service while the client is in MPC mode',
      pcA,
      item({ handling_pc_id: 11, client_assign_service_type: 0 }),
      false,
      false,
    ],
    ['a PC the item is assigned to', pcA, item({ assignee_id: 11 }), true, true],
    ['a PC of neither', pcA, item({ handling_pc_id: 99 }), false, false],
    ['an executor handling the service', executorA, item({ handling_executor_id: 12 }), true, true],
    [
      'an executor the item is assigned to, client in MPC mode',
      executorA,
      item({ assignee_id: 12, client_assign_service_type: 0 }),
      true,
      true,
    ],
    ['the client, read-only', client, item(), true, false],
    ['another client', buildActor('client', 99, 10), item(), false, false],
    ['the admin', admin, item({ assignee_id: 1 }), false, false],
  ] as const)('%s', (_case, who, facts, sees, changes) => {
    expect(authorize(who, 'work.view', workItemTarget(facts))).toBe(sees);
    expect(authorize(who, 'work.edit', workItemTarget(facts))).toBe(changes);
  });

  it('lets staff who reach a service add one-off work to it, not the assignee of one item, nor the client', () => {
    const target = (facts: Partial<WorkItemFacts>) => workItemTarget(item(facts));
    expect(authorize(mpcA, 'work.create', target({}))).toBe(true);
    expect(authorize(pcA, 'work.create', target({ handling_pc_id: 11 }))).toBe(true);
    expect(authorize(pcA, 'work.create', target({ assignee_id: 11 }))).toBe(false);
    expect(authorize(client, 'work.create', target({}))).toBe(false);
  });

  it('lets the reviewer named on an item, and the firm MPC, move it on from review; not its maker', () => {
    const target = (facts: Partial<WorkItemFacts>) => workItemTarget(item(facts));
    expect(authorize(mpcA, 'work.review', target({}))).toBe(true);
    expect(authorize(mpcB, 'work.review', target({ client_assign_service_type: 0, handling_mpc_id: 20 }))).toBe(false);
    expect(authorize(pcA, 'work.review', target({ reviewer_id: 11 }))).toBe(true);
    // A reviewer who does not otherwise reach the client sees the item it reviews, and changes nothing else.
    expect(authorize(pcA, 'work.view', target({ reviewer_id: 11 }))).toBe(true);
    expect(authorize(pcA, 'work.edit', target({ reviewer_id: 11 }))).toBe(false);
    expect(authorize(executorA, 'work.review', target({ reviewer_id: 12 }))).toBe(true);
    expect(authorize(pcA, 'work.review', target({ assignee_id: 11, handling_pc_id: 11 }))).toBe(false);
    expect(authorize(client, 'work.review', target({}))).toBe(false);
  });

  it('keeps the calendar’s edits to the admin, its reading to everyone', () => {
    for (const who of [mpcA, pcA, executorA, client]) expect(can(who, 'compliance.write')).toBe(false);
    expect(can(admin, 'compliance.write')).toBe(true);
    for (const who of [admin, mpcA, client]) expect(can(who, 'compliance.read')).toBe(true);
    expect(can(admin, 'work.list')).toBe(false);
  });

  it('scopes a list by the same rows: the PC its created, handled and assigned items within its firm, and work handed to it', () => {
    expect(clientServiceScopeFor(pcA, 'work.view')).toEqual({
      withinFirm: 10,
      createdBy: 11,
      assignedAs: { column: 'pc_id', userId: 11 },
      assigneeId: 11,
      reviewerId: 11,
      // Work its MPC handed it of a service another firm handed the MPC (docs/decisions/0047).
      delegatedMpcId: 10,
      delegatedAssigneeId: 11,
    });
    expect(clientServiceScopeFor(pcA, 'file.read')).toMatchObject({ delegatedMpcId: 10, delegatedHandlerId: 11 });
    expect(clientServiceScopeFor(mpcA, 'work.view')).toEqual({ withinFirm: 10, wholeFirm: true, delegatedMpcId: 10 });
    expect(clientServiceScopeFor(client, 'work.view')).toEqual({ clientId: 14 });
    expect(clientServiceScopeFor(client, 'work.edit')).toEqual({});
    expect(clientServiceScopeFor({ ...pcA, status: 'created' }, 'work.view')).toEqual({});
  });
});
