import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture, ClientService, Item, Person } from './access-fixture.js';
import type { ThreeWay } from './access-oracle.js';
import { type Probe, type TableView, type Verdict, verdictOf } from './access-verdicts.js';

/** A trashed item as the table reads it: judged by who deleted it (its owner, in these probes). */
const asTrashed = (item: Item) => ({
  label: `trashed ${item.kind} of ${item.owner.role} ${item.owner.id} in client ${item.service.client.id} service ${item.service.serviceId}`,
  facts: { ...item.service.facts, item: { ownerId: null, clientMayDelete: false, deletedBy: item.owner.id } },
});

/**
 * In each client service, one item of each standing a trash entry can have: deleted by the client (its own
 * file) and by staff (the MPC's folder, with what it holds). The table reads only the service and who
 * deleted it, so more items would ask the same question again; firm-only entries, which the client never
 * sees whoever deleted them, are tested in file-trash-access.test.ts.
 */
function pickTargets(f: AccessFixture, service: ClientService): Item[] {
  const mine = f.items.filter((item) => item.service === service);
  return [
    mine.find((item) => item.kind === 'file' && item.owner.id === service.client.id),
    mine.find((item) => item.kind === 'folder' && item.owner.id !== service.client.id),
  ].filter((item): item is Item => item !== undefined);
}

/** Deletes a seeded item as its owner (who may always delete it) and answers its trash entry. */
async function trash(f: AccessFixture, item: Item): Promise<number> {
  await f.must('DELETE', `/api/${item.kind}/remove/${item.id}`, item.owner.token);
  const entry = await f.t.context.db
    .selectFrom('file_trash')
    .select('id')
    .where('item_type', '=', item.kind)
    .where('item_id', '=', item.id)
    .executeTakeFirstOrThrow();
  return entry.id;
}

/** The entries on the first page of the service's trash as `actor` reads it (a refused list: none). */
async function listedIds(f: AccessFixture, actor: Person, service: ClientService): Promise<Set<number>> {
  const listed = await f.call('GET', `/api/trash/${service.client.id}/${service.serviceId}?limit=200`, actor.token);
  if (listed.statusCode !== 200) return new Set();
  return new Set((listed.json().data.entries as { trash_id: number }[]).map((entry) => entry.trash_id));
}

/**
 * Trashes each service's targets, then tries `attempt` on each entry, beside the three-way answer the
 * table gives; `judge` may fold in what the list showed.
 */
async function eachTrashedTarget(
  f: AccessFixture,
  actor: Person,
  table: TableView,
  attempt: (item: Item, trashId: number, listed: Set<number>) => Promise<ThreeWay | string>,
): Promise<Verdict> {
  const observed: string[] = [];
  const expected: string[] = [];
  for (const service of f.services) {
    const targets = pickTargets(f, service);
    const entries = new Map<Item, number>();
    for (const item of targets) entries.set(item, await trash(f, item));
    const listed = await listedIds(f, actor, service);
    for (const item of targets) {
      const { label, facts } = asTrashed(item);
      observed.push(`${label}: ${await attempt(item, entries.get(item) as number, listed)}`);
      expected.push(`${label}: ${table.verdict(facts)}`);
    }
  }
  return { observed, expected };
}

/** The trash probes (support/access-probes.ts): each leaves the item where it was, or a new one in its place. */
export const TRASH_PROBES: Record<Extract<Action, 'file.restore' | 'file.purge'>, Probe> = {
  'file.restore': (f, actor, table) =>
    eachTrashedTarget(f, actor, table, async (item, trashId, listed) => {
      const verdict = verdictOf(await f.call('POST', `/api/trash/${trashId}/restore`, actor.token));
      if (verdict !== 'allowed') await f.must('POST', `/api/trash/${trashId}/restore`, item.owner.token);
      // The trash lists exactly the entries the restore lets through: a split shows as such.
      return listed.has(trashId) === (verdict === 'allowed')
        ? verdict
        : `split: listed ${listed.has(trashId)}, ${verdict}`;
    }),
  'file.purge': (f, actor, table) =>
    eachTrashedTarget(f, actor, table, async (item, trashId) => {
      const verdict = verdictOf(await f.call('DELETE', `/api/trash/${trashId}`, actor.token));
      if (verdict !== 'allowed') await f.must('POST', `/api/trash/${trashId}/restore`, item.owner.token);
      else await f.reseed(item);
      return verdict;
    }),
};
