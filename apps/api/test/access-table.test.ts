import type { EntryPermissions } from '@portal/contract/files';
import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE, type Action } from '../src/policy/access-table.js';
import { mayEver, type TargetFacts } from '../src/policy/authorize.js';
import { type Person, useAccessFixture } from './support/access-fixture.js';
import { oracleAllows, oracleVerdict } from './support/access-oracle.js';
import { PROBES } from './support/access-probes.js';
import { readWorkItems } from './support/access-work-probes.js';
import { listTestDialects } from './support/test-database.js';

const ACTIONS = [...new Set(ACCESS_TABLE.map((rule) => rule.action))];

/**
 * The access table is the test: two firms seeded once, then for every action of the table, every actor
 * of both firms against every user, client service, file and folder, through the real list queries and
 * endpoints. What the endpoints let through must be exactly what the table grants; a rule added to the
 * table is checked here unchanged (support/access-probes.ts holds one probe per action).
 */
describe.each(listTestDialects())('the access table, through the endpoints, on %s', (dialect) => {
  const f = useAccessFixture(dialect);

  // The test's own reading of the table's relations (support/access-oracle.ts), not the portal's.
  const allows = (actor: Person, action: Action, target: TargetFacts) => oracleAllows(f.actorOf(actor), action, target);

  it('has a probe through the endpoints for every action of the table', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...ACTIONS].sort());
  });

  it.each(ACTIONS)(
    '%s: the endpoints let each actor do exactly what the table grants',
    async (action) => {
      for (const actor of f.people) {
        const table = {
          allows: (target: TargetFacts) => allows(actor, action, target),
          mayEver: mayEver(f.actorOf(actor), action),
          allowsAlso: (other: Action, target: TargetFacts) => allows(actor, other, target),
          verdict: (target: TargetFacts) => oracleVerdict(f.actorOf(actor), action, target),
        };
        const { observed, expected } = await PROBES[action](f, actor, table);
        const who = `${actor.role} ${actor.id}`;
        expect({ who, access: observed }).toEqual({ who, access: expected });
      }
      // Every actor of the firm through every endpoint of the action: on PostgreSQL beside the other API
      // files on two cores, one action passed 30 s in CI.
    },
    120_000,
  );

  it('sends the browser, with every user, exactly the actions the table grants', async () => {
    for (const actor of f.people) {
      for (const target of f.people) {
        const facts = f.facts.get(target.id) as TargetFacts;
        if (!allows(actor, 'user.view', facts)) continue;
        const detail = (await f.call('GET', `/api/user/detail/${target.id}`, actor.token)).json().data;
        const expected = {
          edit: allows(actor, 'user.edit', facts),
          disable: allows(actor, 'user.disable', facts),
          enable: false,
          manage_family: allows(actor, 'family.manage', facts),
          assign_services: allows(actor, 'service.assign', facts),
          files: allows(actor, 'file.read', facts),
          send_reset: allows(actor, 'user.send_reset', facts),
          reset_two_factor: allows(actor, 'user.reset_2fa', facts),
          activity: allows(actor, 'audit.client', facts),
          billing: allows(actor, 'billing.manage', facts),
          grant_billing: allows(actor, 'billing.grant', facts),
          grant_rights: allows(actor, 'rights.grant', facts),
          legal_hold: allows(actor, 'client.hold', facts),
          erase: allows(actor, 'client.erase', facts),
        };
        expect([actor.id, target.id, detail.permissions]).toEqual([actor.id, target.id, expected]);
        if (target.id === actor.id) continue;
        const page = await f.call('GET', `/api/user/userListByRole/${facts.roleId}?limit=100`, actor.token);
        const row = page.json().data.data.find((entry: { id: number }) => entry.id === target.id);
        expect([actor.id, target.id, row?.permissions]).toEqual([actor.id, target.id, expected]);
      }
    }
  });

  it('sends the browser, with every level, file and folder, exactly the actions the table grants', async () => {
    for (const actor of f.people) {
      for (const service of f.services) {
        if (!allows(actor, 'file.read', service.facts)) continue;
        const url = `/api/serviceFiles/${service.client.id}/${service.serviceId}`;
        const level = (await f.call('GET', url, actor.token)).json().data;
        const label = [actor.id, service.client.id, service.serviceId];
        expect([...label, level.permissions]).toEqual([
          ...label,
          {
            upload: allows(actor, 'file.upload', service.facts),
            visibility: allows(actor, 'file.visibility', service.facts),
          },
        ]);
        const shown = new Map<string, EntryPermissions>([
          ...level.files.map((file: { file_id: number; permissions: EntryPermissions }) => [
            `file ${file.file_id}`,
            file.permissions,
          ]),
          ...level.folders.map((folder: { folder_id: number; permissions: EntryPermissions }) => [
            `folder ${folder.folder_id}`,
            folder.permissions,
          ]),
        ]);
        for (const item of f.items.filter((entry) => entry.service === service)) {
          const facts = { ...service.facts, item: { ownerId: item.owner.id, clientMayDelete: item.clientMayDelete } };
          const action = item.kind === 'file' ? 'file.delete' : 'folder.delete';
          // What the client uploaded stays shared: nobody is offered to hide it.
          const clientsOwn = item.kind === 'file' && item.owner.id === service.client.id;
          expect([...label, item.kind, item.id, shown.get(`${item.kind} ${item.id}`)]).toEqual([
            ...label,
            item.kind,
            item.id,
            {
              delete: allows(actor, action, facts),
              visibility: !clientsOwn && allows(actor, 'file.visibility', facts),
            },
          ]);
        }
        // The firm-only file and folder are listed exactly to whoever may see them.
        for (const item of f.firmOnly.filter((entry) => entry.service === service)) {
          const facts = { ...service.facts, item: { ownerId: item.owner.id, clientMayDelete: false } };
          expect([...label, item.kind, item.id, shown.has(`${item.kind} ${item.id}`)]).toEqual([
            ...label,
            item.kind,
            item.id,
            allows(actor, 'file.firm_only', facts),
          ]);
        }
      }
    }
  });

  it("lists, for an MPC, exactly the other firms' services it may open", async () => {
    for (const actor of f.people) {
      const shared = await f.call('GET', '/api/file/shared', actor.token);
      const expected = f.services
        .filter((service) => service.facts.firmId !== f.facts.get(actor.id)?.firmId)
        .filter((service) => allows(actor, 'file.read', service.facts))
        .map((service) => `${service.client.id}/${service.serviceId}`)
        .sort();
      const listed =
        shared.statusCode === 200
          ? shared
              .json()
              .data.map((entry: { client_id: number; service_id: number }) => `${entry.client_id}/${entry.service_id}`)
              .sort()
          : [];
      expect([actor.role, actor.id, listed]).toEqual([actor.role, actor.id, expected]);
    }
  });

  it('holds the relations the loops are about: assigned, assigned but in MPC mode, delegated', () => {
    const [pcA, clientA] = [f.firmA.pc.id, f.firmA.client.id];
    const switched = f.people[f.people.length - 1] as Person;
    const byPc = f.people[f.people.length - 3] as Person;
    expect(f.facts.get(clientA)?.handlers?.pcIds).toEqual([pcA]);
    expect(f.facts.get(switched.id)).toMatchObject({ assignsToStaff: false, handlers: { pcIds: [pcA] } });
    const pc = f.people.find((person) => person.id === pcA) as Person;
    expect(allows(pc, 'user.view', f.facts.get(clientA) as TargetFacts)).toBe(true);
    expect(allows(pc, 'user.view', f.facts.get(switched.id) as TargetFacts)).toBe(false);
    const delegated = f.services.filter((service) => service.client.id === byPc.id && service.handlers.mpcIds.length);
    expect(delegated.map((service) => service.handlers.mpcIds)).toEqual([[f.firmB.mpc.id]]);
    expect(f.facts.get(byPc.id)?.assignsToStaff).toBe(false);
    // Every kind of item is in every client service: the delete loops meet each relation.
    expect(f.items).toHaveLength(f.services.length * 5);
  });

  it('holds the work relation: every client service has items, the executor reaches one only as its assignee', async () => {
    const items = await readWorkItems(f);
    expect(new Set(items.map((item) => item.service)).size).toBe(f.services.length);
    const byPc = f.people[f.people.length - 3] as Person;
    const executor = f.people.find((person) => person.id === f.firmA.executor.id) as Person;
    const handed = items.find((item) => item.assigneeId === executor.id && item.service.client.id === byPc.id);
    const facts = { ...handed?.service.facts, workAssigneeId: handed?.assigneeId } as TargetFacts;
    expect(allows(executor, 'work.view', facts)).toBe(true);
    expect(allows(executor, 'work.view', { ...facts, workAssigneeId: null })).toBe(false);
    // Maker-checker: the executor is named to review an item of the client handed to firm B, which it
    // reaches only as its reviewer.
    const reviewed = items.find((item) => item.reviewerId === executor.id);
    const asReviewer = { ...reviewed?.service.facts, workReviewerId: executor.id } as TargetFacts;
    expect(allows(executor, 'work.review', asReviewer)).toBe(true);
    expect(allows(executor, 'work.view', { ...asReviewer, workReviewerId: null })).toBe(false);
  });
});
