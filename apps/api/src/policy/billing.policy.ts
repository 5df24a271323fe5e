import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** Billing's routes (issue 23): the firm's profile is its MPC's; per-record decisions read the access table. */
export const billingPolicy = {
  'billing.profile': (actor: Actor) => mayEver(actor, 'billing.profile'),
};
