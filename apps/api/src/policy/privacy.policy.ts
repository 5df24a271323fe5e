import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** Data protection (issue 25): each ability is the access table's `privacy.*` row for the caller's role. */
export const privacyPolicy = {
  'privacy.manage': (actor: Actor) => mayEver(actor, 'privacy.manage'),
  'privacy.platform': (actor: Actor) => mayEver(actor, 'privacy.platform'),
  'privacy.consent': (actor: Actor) => mayEver(actor, 'privacy.consent'),
  'privacy.withdraw': (actor: Actor) => mayEver(actor, 'privacy.withdraw'),
};
