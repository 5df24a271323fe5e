import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { requireActor } from '../auth/authenticate.js';
import { failForbidden } from '../http/http-error.js';
import { billingPolicy } from './billing.policy.js';
import { breachesPolicy } from './breaches.policy.js';
import { filesPolicy } from './files.policy.js';
import { notificationsPolicy } from './notifications.policy.js';
import { privacyPolicy } from './privacy.policy.js';
import { registersPolicy } from './registers.policy.js';
import { retentionPolicy } from './retention.policy.js';
import { rightsPolicy } from './rights.policy.js';
import { servicesPolicy } from './services.policy.js';
import { usersPolicy } from './users.policy.js';
import { workPolicy } from './work.policy.js';

/**
 * Endpoint-level abilities (may this actor call this route at all). Per-record decisions go through
 * `authorize` and the access table (access-table.ts, docs/authorization.md); an ability no rule grants
 * is denied.
 */
const RULES = {
  ...servicesPolicy,
  ...usersPolicy,
  ...filesPolicy,
  ...workPolicy,
  ...notificationsPolicy,
  ...registersPolicy,
  ...billingPolicy,
  ...breachesPolicy,
  ...rightsPolicy,
  ...privacyPolicy,
  ...retentionPolicy,
} satisfies Record<string, (actor: Actor) => boolean>;

type Ability = keyof typeof RULES;

export function can(actor: Actor, ability: Ability): boolean {
  const rule: ((actor: Actor) => boolean) | undefined = RULES[ability];
  return rule ? rule(actor) : false;
}

/** Route pre-handler: the caller must hold `ability` (403 otherwise). */
export function requireAbility(ability: Ability) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!can(requireActor(request), ability)) failForbidden();
  };
}
