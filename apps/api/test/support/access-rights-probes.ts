import { ACCESS_TABLE, type Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, Person } from './access-fixture.js';
import type { ThreeWay } from './access-oracle.js';
import {
  agree,
  agreeThreeWay,
  letThrough,
  type Probe,
  probeReadAndSave,
  type TableView,
  verdictOf,
} from './access-verdicts.js';

/** Whether any row of the table gives the actor's role `action` at all (a route the role never calls is 403). */
const roleMay = (actor: Person, action: Action) =>
  ACCESS_TABLE.some((rule) => rule.action === action && rule.role === actor.role);

// One access request per client of the fixture, asked by the client itself, made once per fixture.
const seeded = new WeakMap<AccessFixture, Promise<Map<number, number>>>();

/** Each client's own access request (client id -> request id); only rights tables and the log change. */
function seedRightsRequests(f: AccessFixture): Promise<Map<number, number>> {
  let requests = seeded.get(f);
  if (!requests) {
    requests = (async () => {
      const byClient = new Map<number, number>();
      for (const client of f.people.filter((person) => person.role === 'client')) {
        const asked = await f.call('POST', '/api/me/rights-requests', client.token, { kind: 'access' });
        if (asked.statusCode !== 201) throw new Error(`asking failed: ${asked.statusCode} ${asked.body}`);
        byClient.set(client.id, asked.json().data.id);
      }
      return byClient;
    })();
    seeded.set(f, requests);
  }
  return requests;
}

/**
 * One request as the conventions judge it: done; 403 when the caller's routes are closed to it (a role,
 * or a PC its MPC has not allowed); 404 when it may call them but the request is not in its reach.
 */
function rightsVerdict(allowed: boolean, routeOpen: boolean): ThreeWay {
  if (allowed) return 'allowed';
  return routeOpen ? 'hidden' : 'refused';
}

/** Each client's request, tried by `attempt`, beside the verdict `expected` gives for that client's facts. */
async function eachRequest(
  f: AccessFixture,
  attempt: (requestId: number) => Promise<ThreeWay | string>,
  expected: (facts: TargetFacts) => ThreeWay,
) {
  const requests = await seedRightsRequests(f);
  const observed: string[] = [];
  const wanted: string[] = [];
  for (const [clientId, requestId] of requests) {
    const label = `request ${requestId} of client ${clientId}`;
    observed.push(`${label}: ${await attempt(requestId)}`);
    wanted.push(`${label}: ${expected(f.facts.get(clientId) as TargetFacts)}`);
  }
  return { observed, expected: wanted };
}

/** The rights probes (support/access-probes.ts): requests are asked once, then read and acted on as they are. */
export const RIGHTS_PROBES: Record<Extract<Action, `rights.${string}`>, Probe> = {
  // Asking and listing one's own: the client itself (`self`), nobody else at all.
  'rights.ask': async (f, actor, table) => {
    await seedRightsRequests(f);
    const own = await f.call('GET', '/api/me/rights-requests', actor.token);
    const asked = await f.call('POST', '/api/me/rights-requests', actor.token, { kind: 'grievance', details: 'Probe' });
    return {
      observed: agree([letThrough(own), letThrough(asked)]),
      expected: table.allows(f.facts.get(actor.id) as TargetFacts),
    };
  },

  // The queue lists exactly the requests the table lets the actor see; one request reads the same.
  'rights.view': async (f, actor, table: TableView) => {
    const requests = await seedRightsRequests(f);
    const queue = await f.call('GET', '/api/rights-requests?status=all&limit=100', actor.token);
    const listed: number[] =
      queue.statusCode === 200 ? queue.json().data.data.map((row: { id: number }) => row.id) : [];
    const shown = [...requests].filter(([clientId]) => table.allows(f.facts.get(clientId) as TargetFacts));
    const one = await eachRequest(
      f,
      async (id) => verdictOf(await f.call('GET', `/api/rights-requests/${id}`, actor.token)),
      (facts) =>
        rightsVerdict(
          table.allows(facts) || table.allowsAlso('rights.ask', facts),
          table.mayEver || roleMay(actor, 'rights.ask'),
        ),
    );
    return {
      observed: {
        queue: queue.statusCode,
        listed: listed.filter((id) => [...requests.values()].includes(id)).sort(),
        one: one.observed,
      },
      expected: {
        queue: table.mayEver ? 200 : 403,
        listed: shown.map(([, id]) => id).sort(),
        one: one.expected,
      },
    };
  },

  // Acting: marking in progress (again changes nothing) and preparing the access download.
  'rights.answer': (f, actor, table) =>
    eachRequest(
      f,
      async (id) =>
        agreeThreeWay([
          verdictOf(await f.call('POST', `/api/rights-requests/${id}/progress`, actor.token)),
          verdictOf(await f.call('POST', `/api/rights-requests/${id}/download`, actor.token)),
        ]),
      (facts) => rightsVerdict(table.allows(facts), table.mayEver),
    ),

  // Whether a PC may handle data requests, read and saved as it is (the fixture stays as seeded).
  'rights.grant': probeReadAndSave(
    (target) => `/api/users/${target.id}/rights-permission`,
    (f, target) => ({ granted: f.rightsGranted.has(target.id) }),
  ),
};
