import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture } from './access-fixture.js';
import { asUser, eachTargetThreeWay, type Probe, verdictOf } from './access-verdicts.js';

const CERTIFICATE = {
  holder_name: 'Probe Holder',
  class: 'class3',
  issued_by: 'eMudhra',
  valid_until: '2027-03-31',
  custody: 'firm',
};

/** The register probes (support/access-probes.ts): each leaves no certificate behind. */
export const DSC_PROBES: Record<Extract<Action, `dsc.${string}`>, Probe> = {
  // Every user's certificates page: a client in reach lists them, anyone else is out of sight.
  'dsc.view': (f: AccessFixture, actor, table) =>
    eachTargetThreeWay(
      f.people,
      asUser(f),
      async (target) => verdictOf(await f.call('GET', `/api/clients/${target.id}/dsc`, actor.token)),
      table,
    ),

  // Adding one to every user, then recording custody and removing it where that was let through.
  'dsc.manage': (f: AccessFixture, actor, table) =>
    eachTargetThreeWay(
      f.people,
      asUser(f),
      async (target) => {
        const added = await f.call('POST', `/api/clients/${target.id}/dsc`, actor.token, CERTIFICATE);
        const verdict = verdictOf(added);
        if (verdict !== 'allowed') return verdict;
        const id = added.json().data.id;
        const moved = verdictOf(
          await f.call('POST', `/api/dsc/${id}/custody`, actor.token, {
            direction: 'out',
            on_date: '2026-01-02',
            person: 'Probe Holder',
          }),
        );
        const removed = verdictOf(await f.call('DELETE', `/api/dsc/${id}`, actor.token));
        return moved === 'allowed' && removed === 'allowed' ? 'allowed' : `split ${moved} ${removed}`;
      },
      table,
    ),
};
