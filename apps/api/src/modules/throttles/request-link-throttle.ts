import { REQUEST_LINK_MESSAGES } from '@portal/contract/request-links';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type AdmittedGuess, admitGuess, type GuessRules } from './throttle.service.js';

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * Uses of request links (issue 24, docs/decisions/0036), counted like sign-in before the token is looked
 * up: per link (by its hash: a link forwarded or leaked cannot be hammered) and per address (guessing
 * 256-bit tokens is hopeless; this bounds the noise). A client opening its page and uploading twenty
 * documents, with a few retries, stays far below either.
 */
export const REQUEST_LINK_TOKEN_RULE = { name: 'request-link-token', limit: 60, windowMs: QUARTER_HOUR_MS };
export const REQUEST_LINK_ADDRESS_RULE = { name: 'request-link-address', limit: 100, windowMs: QUARTER_HOUR_MS };

const RULES: GuessRules = { account: REQUEST_LINK_TOKEN_RULE, address: REQUEST_LINK_ADDRESS_RULE };

/** Counts one use of a link, by its token's hash and the caller's address; 429 over either limit. */
export function admitRequestLinkUse(db: Kysely<DB>, tokenHash: string, ip: string, now: Date): Promise<AdmittedGuess> {
  return admitGuess(db, RULES, `link:${tokenHash.slice(0, 32)}`, ip, now, REQUEST_LINK_MESSAGES.throttled);
}
