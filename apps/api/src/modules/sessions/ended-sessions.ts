import type { AppContext } from '../../app-context.js';
import { TOKEN_IDLE_LIFETIME_MS } from '../../auth/tokens.js';
import { deleteAccessTokensEndedBefore } from './access-tokens.repository.js';

// An ended session is kept a week before it is deleted, so that someone coming back to an old tab still
// reads "Your session has expired" rather than a bare "Please sign in" (auth/authenticate.ts). Only the
// token's hash is kept, which signs nobody in.
export const ENDED_SESSION_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A scheduled chore (modules/housekeeping/housekeeping.ts): without it every sign-in leaves a row forever. */
export async function removeEndedSessions(context: Pick<AppContext, 'db' | 'clock' | 'log'>): Promise<number> {
  const endedBefore = context.clock.now().getTime() - ENDED_SESSION_KEPT_MS;
  const removed = await deleteAccessTokensEndedBefore(context.db, {
    endedBefore: new Date(endedBefore).toISOString(),
    idleEndedBefore: new Date(endedBefore - TOKEN_IDLE_LIFETIME_MS).toISOString(),
  });
  if (removed > 0) context.log.info({ count: removed }, `Removed ${removed} session(s) that ended over a week ago`);
  return removed;
}
