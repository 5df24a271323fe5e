import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture } from './access-fixture.js';
import { agree, letThrough, type Probe, probeReadAndSave } from './access-verdicts.js';
import { BILLING_PROFILE } from './billing.js';

/** The billing probes (support/access-probes.ts): a client's fees read, and written as they were (the fixture's clients have none). */
export const BILLING_PROBES: Record<Extract<Action, `billing.${string}`>, Probe> = {
  'billing.manage': probeReadAndSave(
    (target) => `/api/clients/${target.id}/fees`,
    () => ({ fees: [] }),
  ),

  // Whether a PC or executor may bill, read and saved as it is (the fixture stays as seeded).
  'billing.grant': probeReadAndSave(
    (target) => `/api/users/${target.id}/billing-permission`,
    (f, target) => ({ granted: f.billingGranted.has(target.id) }),
  ),

  // The caller's own firm's profile, read and saved: its MPC's alone.
  'billing.profile': async (f: AccessFixture, actor, table) => {
    const read = await f.call('GET', '/api/billing/profile', actor.token);
    const saved = await f.call('PUT', '/api/billing/profile', actor.token, BILLING_PROFILE);
    return {
      observed: agree([letThrough(read), letThrough(saved)]),
      expected: table.allows(f.facts.get(actor.id) as TargetFacts),
    };
  },

  // Each person's ledger: the client its own (`billing.view_own`), its firm's billers any client's (`billing.manage`).
  'billing.view_own': async (f: AccessFixture, actor, table) => {
    const observed: string[] = [];
    const expected: string[] = [];
    for (const target of f.people) {
      const facts = f.facts.get(target.id) as TargetFacts;
      const read = await f.call('GET', `/api/clients/${target.id}/ledger`, actor.token);
      observed.push(`${target.role} ${target.id}: ${letThrough(read)}`);
      expected.push(`${target.role} ${target.id}: ${table.allows(facts) || table.allowsAlso('billing.manage', facts)}`);
    }
    return { observed, expected };
  },
};
