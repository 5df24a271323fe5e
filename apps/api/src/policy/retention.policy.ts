import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** Retention's routes (issue 25): the schedule's readers and its editor, a client's hold and erasure. */
export const retentionPolicy = {
  'retention.view': (actor: Actor) => mayEver(actor, 'retention.view'),
  'retention.edit': (actor: Actor) => mayEver(actor, 'retention.edit'),
  'client.hold': (actor: Actor) => mayEver(actor, 'client.hold'),
  'client.erase': (actor: Actor) => mayEver(actor, 'client.erase'),
};
