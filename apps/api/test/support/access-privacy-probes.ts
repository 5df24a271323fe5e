import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, Person } from './access-fixture.js';
import { agree, letThrough, type Probe } from './access-verdicts.js';

const CONTACT = { name: 'Privacy Desk', email: 'privacy@firm.example', phone: '080 4123 4567' };

/** The version of the notice in force for the actor's firm (the default, 0, for an actor without one). */
async function versionInForce(f: AccessFixture, actor: Person): Promise<number> {
  const notice = await f.call('GET', '/api/privacy/notice', actor.token);
  return notice.statusCode === 200 ? (notice.json().data.version as number) : 0;
}

/**
 * The data protection probes (support/access-probes.ts). None publishes a notice (every member of the
 * firm would have to accept it again); the contact is saved with the same values each time; a withdrawal
 * is followed by accepting again, and its notice to the MPC removed.
 */
export const PRIVACY_PROBES: Record<Extract<Action, `privacy.${string}`>, Probe> = {
  // The caller's own firm is the target: its versions, its acceptances, its contact.
  'privacy.manage': async (f, actor, table) => {
    const versions = await f.call('GET', '/api/privacy/notices', actor.token);
    const acceptances = await f.call('GET', '/api/privacy/acceptances?filter=pending', actor.token);
    const saved = await f.call('PUT', '/api/privacy/contact', actor.token, CONTACT);
    return {
      observed: agree([letThrough(versions), letThrough(acceptances), letThrough(saved)]),
      expected: table.allows(f.facts.get(actor.id) as TargetFacts),
    };
  },

  'privacy.platform': async (f, actor, table) => {
    const read = await f.call('GET', '/api/privacy/platform-contact', actor.token);
    const saved = await f.call('PUT', '/api/privacy/platform-contact', actor.token, CONTACT);
    return { observed: agree([letThrough(read), letThrough(saved)]), expected: table.mayEver };
  },

  // Accepting the version in force again changes nothing for one who accepted it at sign-in.
  'privacy.consent': async (f, actor, table) => {
    const version = await versionInForce(f, actor);
    const accepted = await f.call('POST', '/api/privacy/notice/accept', actor.token, { version });
    return { observed: letThrough(accepted), expected: table.allows(f.facts.get(actor.id) as TargetFacts) };
  },

  'privacy.withdraw': async (f, actor, table) => {
    const withdrawn = await f.call('POST', '/api/privacy/consent/withdraw', actor.token, { confirm: true });
    const observed = letThrough(withdrawn);
    if (observed) {
      const again = await f.call('POST', '/api/privacy/notice/accept', actor.token, {
        version: await versionInForce(f, actor),
      });
      if (again.statusCode !== 200) throw new Error(`accepting again failed: ${again.body}`);
      await f.t.context.db.deleteFrom('notifications').where('kind', '=', 'consent_withdrawn').execute();
    }
    return { observed, expected: table.allows(f.facts.get(actor.id) as TargetFacts) };
  },
};
