import type { BillingGrant } from '@portal/contract/billing';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { type PersonGrant, savePersonGrant } from '../users/person-grant.service.js';
import { findGrantee } from './billable-client.js';
import { setBillingGranted } from './billable-client.repository.js';

const BILLING_GRANT: PersonGrant = { action: 'billing.grant', write: setBillingGranted };

/** `GET /api/users/{id}/billing-permission`: whether a PC or executor of the MPC's firm may bill. */
export async function readBillingGrant(context: AppContext, actor: Actor, userId: number): Promise<BillingGrant> {
  return { granted: (await findGrantee(context, actor, userId)).granted };
}

/**
 * `PUT /api/users/{id}/billing-permission`: the MPC lets a PC or executor bill its firm's clients, or
 * stops it; the person's next request already reads the new permission (its session reads it each time).
 */
export async function saveBillingGrant(
  context: AppContext,
  actor: Actor,
  userId: number,
  input: BillingGrant,
  ip: string,
): Promise<BillingGrant> {
  const grantee = await findGrantee(context, actor, userId);
  await savePersonGrant(context, actor, BILLING_GRANT, { id: userId, granted: grantee.granted }, input.granted, ip);
  return input;
}
