import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture, Item, Person } from './access-fixture.js';
import { eachTargetThreeWay, type Probe, verdictOf } from './access-verdicts.js';

/** A trashed item as the table reads it: judged by who deleted it (its owner, in these probes). */
const asTrashed = (item: Item) => ({
  label: `trashed ${item.kind} of ${item.owner.role} ${item.owner.id} in client ${item.service.client.id} service ${item.service.serviceId}`,
  facts: { ...item.service.facts, item: { ownerId: null, clientMayDelete: false, deletedBy: item.owner.id } },
});

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

/** Whether the entry is on the first page of the service's trash as `actor` reads it (a refused list: no). */
async function isListed(f: AccessFixture, actor: Person, item: Item, trashId: number): Promise<boolean> {
  const url = `/api/trash/${item.service.client.id}/${item.service.serviceId}?limit=200`;
  const listed = await f.call('GET', url, actor.token);
  if (listed.statusCode !== 200) return false;
  return (listed.json().data.entries as { trash_id: number }[]).some((entry) => entry.trash_id === trashId);
}

/** The trash list must hold exactly the entries the restore lets through: a split shows as such. */
const listedAgrees = (listed: boolean, verdict: string) =>
  listed === (verdict === 'allowed') ? verdict : `split: listed ${listed}, restore ${verdict}`;

const allItems = (f: AccessFixture) => [...f.items, ...f.firmOnly];

/** The trash probes (support/access-probes.ts): each leaves the item where it was, or a new one in its place. */
export const TRASH_PROBES: Record<Extract<Action, 'file.restore' | 'file.purge'>, Probe> = {
  'file.restore': (f, actor, table) =>
    eachTargetThreeWay(
      allItems(f),
      asTrashed,
      async (item) => {
        const trashId = await trash(f, item);
        const listed = await isListed(f, actor, item, trashId);
        const verdict = verdictOf(await f.call('POST', `/api/trash/${trashId}/restore`, actor.token));
        if (verdict !== 'allowed') await f.must('POST', `/api/trash/${trashId}/restore`, item.owner.token);
        return listedAgrees(listed, verdict);
      },
      table,
    ),
  'file.purge': (f, actor, table) =>
    eachTargetThreeWay(
      allItems(f),
      asTrashed,
      async (item) => {
        const trashId = await trash(f, item);
        const verdict = verdictOf(await f.call('DELETE', `/api/trash/${trashId}`, actor.token));
        if (verdict === 'allowed') {
          await f.reseed(item);
          // A firm-only seed is marked firm-only again, as the fixture made it.
          if (f.firmOnly.includes(item))
            await f.must('PUT', `/api/${item.kind}/visibility/${item.id}`, item.owner.token, { visibility: 'firm' });
        } else await f.must('POST', `/api/trash/${trashId}/restore`, item.owner.token);
        return verdict;
      },
      table,
    ),
};
