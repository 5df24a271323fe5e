import type { AppContext } from '../../app-context.js';
import { declareHook } from '../../hook-list.js';

/**
 * A client withdrew its consent: fired after the withdrawal's transaction (the withdrawal stands whatever
 * a listener does). A rights request module listens to open the request in the firm's rights queue; until
 * one is wired in app.ts, nothing does (README).
 */
export const onConsentWithdrawn = declareHook<AppContext, { firmId: number; clientId: number; withdrawnAt: string }>(
  'onConsentWithdrawn',
);
