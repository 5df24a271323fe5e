import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/**
 * Rights requests' routes (issue 25): who may ever ask, see the firm's queue, read one request (its
 * handlers, or the client its own) and act on one; per-record decisions read the access table.
 */
export const rightsPolicy = {
  'rights.ask': (actor: Actor) => mayEver(actor, 'rights.ask'),
  'rights.queue': (actor: Actor) => mayEver(actor, 'rights.view'),
  'rights.read': (actor: Actor) => mayEver(actor, 'rights.view') || mayEver(actor, 'rights.ask'),
  'rights.act': (actor: Actor) => mayEver(actor, 'rights.answer'),
};
