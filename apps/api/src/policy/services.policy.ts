import type { Actor } from '../auth/actor.js';

/** The services catalogue: every signed-in role reads it, only the admin changes it. */
export const servicesPolicy = {
  'services.read': (_actor: Actor) => true,
  'services.write': (actor: Actor) => actor.role === 'admin',
};
