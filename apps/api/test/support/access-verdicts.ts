import type { LightMyRequestResponse } from 'fastify';
import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, ClientService, Item, Person } from './access-fixture.js';
import type { ThreeWay } from './access-oracle.js';

/**
 * What the access table says for one actor and one action; `allowsAlso` asks another action of the same
 * actor, for a list that one action opens and another narrows (a client's activity and its files).
 */
export type TableView = {
  allows: (target: TargetFacts) => boolean;
  mayEver: boolean;
  allowsAlso: (action: Action, target: TargetFacts) => boolean;
  /** The answer the conventions ask of one call on the target: allowed, refused (403) or hidden (404). */
  verdict: (target: TargetFacts) => ThreeWay;
};
/** What the endpoints did, beside what the table grants, in the same shape. */
export type Verdict = { observed: unknown; expected: unknown };
export type Probe = (f: AccessFixture, actor: Person, table: TableView) => Promise<Verdict>;

/** Whether the endpoint let the call through (2xx) or refused it (403 outside a right, 404 out of sight). */
export function letThrough(response: LightMyRequestResponse): boolean {
  if (response.statusCode < 300) return true;
  if (response.statusCode === 403 || response.statusCode === 404) return false;
  throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
}

/** What the endpoint answered for one record: done (2xx), refused on a visible record (403), hidden (404). */
export function verdictOf(response: LightMyRequestResponse): ThreeWay {
  if (response.statusCode < 300) return 'allowed';
  if (response.statusCode === 403) return 'refused';
  if (response.statusCode === 404) return 'hidden';
  throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
}

/** A target's label in the comparison, and the facts the table is read with. */
type DescribeTarget<T> = (target: T) => { label: string; facts: TargetFacts };

/** Tries `attempt` on every target, beside what `expectedOf` says of the target's facts. */
async function compareEachTarget<T>(
  targets: T[],
  describe: DescribeTarget<T>,
  attempt: (target: T) => Promise<unknown>,
  expectedOf: (facts: TargetFacts) => unknown,
): Promise<Verdict> {
  const observed: string[] = [];
  const expected: string[] = [];
  for (const target of targets) {
    const { label, facts } = describe(target);
    observed.push(`${label}: ${await attempt(target)}`);
    expected.push(`${label}: ${expectedOf(facts)}`);
  }
  return { observed, expected };
}

/** Compares what `attempt` answers for every target with what the table says of it. */
type CompareEachTarget<Answer> = <T>(
  targets: T[],
  describe: DescribeTarget<T>,
  attempt: (target: T) => Promise<Answer | string>,
  table: TableView,
) => Promise<Verdict>;

/** Tries `attempt` on every target, beside the three-way answer the table and the conventions ask. */
export const eachTargetThreeWay: CompareEachTarget<ThreeWay> = (targets, describe, attempt, table) =>
  compareEachTarget(targets, describe, attempt, (facts) => table.verdict(facts));

/** Several endpoints of one action must give one three-way answer; a split answer shows as such. */
export const agreeThreeWay = (results: ThreeWay[]): ThreeWay | string =>
  results.every((result) => result === results[0]) ? (results[0] as ThreeWay) : `split ${JSON.stringify(results)}`;

/** Several endpoints of one action must agree; a split answer shows as such in the comparison. */
export const agree = (results: boolean[]): boolean | string =>
  results.every((result) => result === results[0]) ? (results[0] as boolean) : `split ${JSON.stringify(results)}`;

/** Tries `attempt` on every target, beside what the table grants for it. */
export const eachTarget: CompareEachTarget<boolean> = (targets, describe, attempt, table) =>
  compareEachTarget(targets, describe, attempt, (facts) => table.allows(facts));

export const asUser = (f: AccessFixture) => (target: Person) => ({
  label: `${target.role} ${target.id}`,
  facts: f.facts.get(target.id) as TargetFacts,
});
export const asService = (service: ClientService) => ({
  label: `client ${service.client.id} service ${service.serviceId}`,
  facts: service.facts,
});
export const asItem = (item: Item) => ({
  label: `${item.kind} of ${item.owner.role} ${item.owner.id}${item.clientMayDelete ? ' (client may delete)' : ''} in client ${item.service.client.id} service ${item.service.serviceId}`,
  facts: { ...item.service.facts, item: { ownerId: item.owner.id, clientMayDelete: item.clientMayDelete } },
});

/** Each target's own page (`pageOf`) opened by `actor`, its three-way answer beside the table's. */
export const eachPageThreeWay = <T>(
  f: AccessFixture,
  actor: Person,
  targets: T[],
  describe: DescribeTarget<T>,
  pageOf: (target: T) => string,
  table: TableView,
) =>
  eachTargetThreeWay(
    targets,
    describe,
    async (target) => verdictOf(await f.call('GET', pageOf(target), actor.token)),
    table,
  );

/**
 * Each person's record at `urlOf(target)` read (GET) and saved as it is (PUT `bodyOf`), so the fixture stays
 * as seeded: both calls give one three-way answer, beside the table's.
 */
export const probeReadAndSave =
  (urlOf: (target: Person) => string, bodyOf: (f: AccessFixture, target: Person) => object): Probe =>
  (f, actor, table) =>
    eachTargetThreeWay(
      f.people,
      asUser(f),
      async (target) => {
        const read = await f.call('GET', urlOf(target), actor.token);
        const written = await f.call('PUT', urlOf(target), actor.token, bodyOf(f, target));
        return agreeThreeWay([verdictOf(read), verdictOf(written)]);
      },
      table,
    );
