import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture } from './access-fixture.js';
import { agreeThreeWay, asUser, eachTargetThreeWay, type Probe, verdictOf } from './access-verdicts.js';

/** The billing probes (support/access-probes.ts): a client's fees read, and written as they were (the fixture's clients have none). */
export const BILLING_PROBES: Record<Extract<Action, `billing.${string}`>, Probe> = {
  'billing.manage': (f: AccessFixture, actor, table) =>
    eachTargetThreeWay(
      f.people,
      asUser(f),
      async (target) => {
        const url = `/api/clients/${target.id}/fees`;
        const read = await f.call('GET', url, actor.token);
        const written = await f.call('PUT', url, actor.token, { fees: [] });
        return agreeThreeWay([verdictOf(read), verdictOf(written)]);
      },
      table,
    ),
};
