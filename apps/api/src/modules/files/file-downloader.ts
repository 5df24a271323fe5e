import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { admitLinkUser, authenticateRequest } from '../../auth/authenticate.js';
import { LinkProblemError } from '../../http/link-problem.js';
import { findUserById } from '../users/users.service.js';

// A mangled link is simply not valid (403), not a form error.
export const signedLinkQuery = z.object({
  inline: z.string().optional(),
  u: z.coerce.number().int().catch(0),
  expires: z.coerce.number().int().catch(0),
  sig: z.string().max(100).catch(''),
});
type SignedLinkQuery = z.output<typeof signedLinkQuery>;

/**
 * The downloader: the user a signed link was made for (still allowed now), or the bearer token's; either
 * passes the account and registration gates every signed-in route does. `check` verifies the link's
 * signature against what it opens (a file, or one version of it).
 */
export async function resolveDownloader(
  context: AppContext,
  request: FastifyRequest,
  query: SignedLinkQuery,
  check: (query: SignedLinkQuery, now: Date) => 'valid' | 'expired' | 'invalid',
): Promise<Actor> {
  if (!query.sig) return authenticateRequest(context, request);
  const verdict = check(query, context.clock.now());
  if (verdict === 'expired')
    throw new LinkProblemError('expired', 'This link has expired. Open the folder again to get a new one.');
  if (verdict !== 'valid') throw new LinkProblemError('invalid', 'This link is not valid.');
  const user = await findUserById(context.db, query.u);
  if (!user || user.status === 'deactivated') throw new LinkProblemError('invalid', 'This link is not valid.');
  return admitLinkUser(context, request, user);
}
