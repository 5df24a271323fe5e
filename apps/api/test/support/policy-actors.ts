import type { Actor } from '../../src/auth/actor.js';

/** A signed-in user as the policy reads one: only the role, id, firm and status decide anything. */
export function buildActor(
  role: Actor['role'],
  id: number,
  firmId: number | null,
  status: Actor['status'] = 'active',
): Actor {
  return { id, role, firmId, status, tokenId: 1 };
}

/**
 * The people the policy tests (src/policy/*.test.ts) reason about: firm A is MPC 10 with PC 11,
 * executor 12 and client 14; firm B is MPC 20. Each test writes its own targets and expectations from
 * the spec, so sharing who acts takes nothing from their independence of the access table.
 */
export const POLICY_ACTORS = {
  admin: buildActor('admin', 1, null),
  mpcA: buildActor('mpc', 10, 10),
  mpcB: buildActor('mpc', 20, 20),
  pcA: buildActor('pc', 11, 10),
  executorA: buildActor('executor', 12, 10),
  clientA: buildActor('client', 14, 10),
} as const;
