import type { LightMyRequestResponse } from 'fastify';
import { ACCESS_TABLE, type Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, Person } from './access-fixture.js';
import type { ThreeWay } from './access-oracle.js';
import { agree, letThrough, type Probe, type TableView } from './access-verdicts.js';

const roleMay = (actor: Person, action: Action) =>
  ACCESS_TABLE.some((rule) => rule.action === action && rule.role === actor.role);

/**
 * A client's hold or erasure as the conventions judge it: through (the gates passed; the probe's own body is
 * then refused for what it says, 409 or 422, so nothing changes); 403 for a role the routes are closed to, or
 * a person the caller sees but may not act on; 404 for a person out of its reach.
 */
function expectedVerdict(actor: Person, action: Action, table: TableView, facts: TargetFacts): ThreeWay {
  if (table.allows(facts)) return 'allowed';
  if (!roleMay(actor, action)) return 'refused';
  return table.allowsAlso('user.view', facts) ? 'refused' : 'hidden';
}

/** 2xx, or the body's own refusal after the gates (409 nothing to release, 422 the wrong name): through. */
function gateVerdict(response: LightMyRequestResponse): ThreeWay {
  if (response.statusCode < 300 || response.statusCode === 409 || response.statusCode === 422) return 'allowed';
  if (response.statusCode === 403) return 'refused';
  if (response.statusCode === 404) return 'hidden';
  throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
}

async function eachPerson(
  f: AccessFixture,
  actor: Person,
  action: Action,
  table: TableView,
  attempt: (target: Person) => Promise<ThreeWay | string>,
) {
  const observed: string[] = [];
  const expected: string[] = [];
  for (const target of f.people) {
    const label = `${target.role} ${target.id}`;
    observed.push(`${label}: ${await attempt(target)}`);
    expected.push(`${label}: ${expectedVerdict(actor, action, table, f.facts.get(target.id) as TargetFacts)}`);
  }
  return { observed, expected };
}

/** The retention probes (support/access-probes.ts): none changes the fixture. */
export const RETENTION_PROBES: Record<'retention.view' | 'retention.edit' | 'client.hold' | 'client.erase', Probe> = {
  'retention.view': async (f, actor, table) => ({
    observed: letThrough(await f.call('GET', '/api/retention/classes', actor.token)),
    expected: table.mayEver,
  }),

  // The admin's: the services' classes, and a class saved again as it is.
  'retention.edit': async (f, actor, table) => {
    const services = await f.call('GET', '/api/retention/services', actor.token);
    const saved = await f.call('PUT', '/api/retention/classes/gst_records', actor.token, {
      months: 72,
      source: 'CGST Act 2017, section 36',
    });
    return { observed: agree([letThrough(services), letThrough(saved)]), expected: table.mayEver };
  },

  'client.hold': (f, actor, table) =>
    eachPerson(f, actor, 'client.hold', table, async (target) => {
      const read = gateVerdict(await f.call('GET', `/api/clients/${target.id}/legal-hold`, actor.token));
      // Nobody is held: a release answers 409 once through the gates.
      const release = gateVerdict(
        await f.call('POST', `/api/clients/${target.id}/legal-hold/release`, actor.token, { note: '' }),
      );
      return read === release ? read : `read ${read}, release ${release}`;
    }),

  'client.erase': (f, actor, table) =>
    eachPerson(f, actor, 'client.erase', table, async (target) => {
      const preview = gateVerdict(await f.call('GET', `/api/clients/${target.id}/erasure`, actor.token));
      // The wrong name: 422 once through the gates, nothing erased.
      const erase = gateVerdict(
        await f.call('POST', `/api/clients/${target.id}/erasure`, actor.token, { confirm_name: 'Not this name' }),
      );
      return preview === erase ? preview : `preview ${preview}, erase ${erase}`;
    }),
};
