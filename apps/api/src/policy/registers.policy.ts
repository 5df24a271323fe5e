import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** The registers screen (issue 22): staff who keep certificates; per-record decisions read the access table. */
export const registersPolicy = {
  'registers.read': (actor: Actor) => mayEver(actor, 'dsc.manage') && mayEver(actor, 'work.edit'),
};
