import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** The breach register's routes (issue 25): its keepers only; per-entry decisions read the access table. */
export const breachesPolicy = {
  'breach.view': (actor: Actor) => mayEver(actor, 'breach.view'),
  'breach.record': (actor: Actor) => mayEver(actor, 'breach.record'),
  'breach.notify': (actor: Actor) => mayEver(actor, 'breach.notify'),
};
