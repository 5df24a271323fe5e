import { describe, expect, it } from 'vitest';
import { readClientServiceAccess } from '../src/modules/client-services/client-services.service.js';
import { findUserInScope } from '../src/modules/users/users.repository.js';
import { workReachOf } from '../src/modules/work/work-access.js';
import { authorize, type TargetFacts } from '../src/policy/authorize.js';
import type { ClientServiceAction } from '../src/policy/client-service-scope.js';
import { countScopeFor, userScopeFor } from '../src/policy/user-scope.js';
import { useAccessFixture } from './support/access-fixture.js';
import { readWorkItems } from './support/access-work-probes.js';
import { listTestDialects } from './support/test-database.js';

const SERVICE_ACTIONS: ClientServiceAction[] = ['file.read', 'file.upload', 'work.create'];
const WORK_ACTIONS = [
  'work.view',
  'work.edit',
  'work.review',
  'request.view',
  'request.manage',
  'request.upload',
] as const;

/**
 * The access table has two readings of its relations: SQL (policy/user-reach.ts, policy/client-service-reach.ts),
 * which every list and every lookup of one record uses, and `authorize` in memory, which the answers'
 * permissions use (a page asks it about each row). They must agree on every actor, client service and
 * work item of the two seeded firms, for every action; each action must also be both granted and
 * refused somewhere, or the comparison would prove little.
 */
describe.each(listTestDialects())('the SQL and in-memory readings of reach, on %s', (dialect) => {
  const f = useAccessFixture(dialect);

  it('agree on every user, for seeing and counting users', async () => {
    for (const person of f.people) {
      const actor = f.actorOf(person);
      for (const [action, scope] of [
        ['user.view', userScopeFor(actor)],
        ['user.count', countScopeFor(actor)],
      ] as const) {
        for (const target of f.people) {
          const inSql = (await findUserInScope(f.t.context.db, scope, target.id)) !== undefined;
          const inMemory = authorize(actor, action, f.facts.get(target.id) as TargetFacts);
          const label = [person.role, person.id, action, target.id];
          expect([...label, inSql]).toEqual([...label, inMemory]);
        }
      }
    }
  });

  it('agree on every client service, for files and new work', async () => {
    const granted = new Map<string, Set<boolean>>();
    for (const person of f.people) {
      const actor = f.actorOf(person);
      for (const service of f.services) {
        const ids = { clientId: service.client.id, serviceId: service.serviceId };
        const access = await readClientServiceAccess(f.t.context.db, actor, ids, SERVICE_ACTIONS);
        for (const action of SERVICE_ACTIONS) {
          const inMemory = authorize(actor, action, service.facts);
          const label = [person.role, person.id, action, ids.clientId, ids.serviceId];
          expect([...label, access?.allows(action)]).toEqual([...label, inMemory]);
          granted.set(action, (granted.get(action) ?? new Set()).add(inMemory));
        }
      }
    }
    for (const action of SERVICE_ACTIONS)
      expect([action, [...(granted.get(action) ?? [])].sort()]).toEqual([action, [false, true]]);
  });

  it('agree on every work item, for work and its document requests', async () => {
    const granted = new Map<string, Set<boolean>>();
    const items = await readWorkItems(f);
    for (const person of f.people) {
      const actor = f.actorOf(person);
      for (const action of WORK_ACTIONS) {
        const rows = await f.t.context.db
          .selectFrom('work_items')
          .select('id')
          .where(workReachOf(actor, action))
          .execute();
        const inSql = new Set(rows.map((row) => row.id));
        for (const item of items) {
          const facts: TargetFacts = {
            ...item.service.facts,
            workAssigneeId: item.assigneeId,
            workReviewerId: item.reviewerId,
          };
          const inMemory = authorize(actor, action, facts);
          const label = [person.role, person.id, action, item.id];
          expect([...label, inSql.has(item.id)]).toEqual([...label, inMemory]);
          granted.set(action, (granted.get(action) ?? new Set()).add(inMemory));
        }
      }
    }
    for (const action of WORK_ACTIONS)
      expect([action, [...(granted.get(action) ?? [])].sort()]).toEqual([action, [false, true]]);
  });
});
