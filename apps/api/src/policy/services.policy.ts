import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';

/** The services catalogue: every signed-in role reads it; who changes it is the access table's `service.write`. */
export const servicesPolicy = {
  'services.read': (_actor: Actor) => true,
  'services.write': (actor: Actor) => mayEver(actor, 'service.write'),
};
