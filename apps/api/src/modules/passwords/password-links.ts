import {
  INVITATION_LINK_DAYS,
  INVITATION_LINK_MARKER,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PAGE,
} from '@portal/contract/passwords';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import {
  deleteExpiredPasswordLinks,
  deletePasswordLinksOfUser,
  insertPasswordLink,
  type PasswordLinkPurpose,
} from './password-links.repository.js';

const LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  reset: RESET_LINK_MINUTES * 60_000,
  invitation: INVITATION_LINK_DAYS * 24 * 60 * 60_000,
};

/** The address to mail, and the link's row and end for the message that carries it (`queueMail`). */
export type IssuedLink = { url: string; passwordLinkId: number; expiresAt: string };

/**
 * A one-time link to set a password: 256 random bits, of which only the SHA-256 is stored. It replaces
 * any earlier link of the user, so at most one works at a time. The address starts with `APP_URL`, never
 * with a Host header a request could forge.
 */
export async function issuePasswordLink(
  db: Kysely<DB>,
  context: Pick<AppContext, 'clock' | 'config'>,
  userId: number,
  purpose: PasswordLinkPurpose,
): Promise<IssuedLink> {
  const token = generateToken();
  const now = context.clock.now();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString();
  await deleteExpiredPasswordLinks(db, now.toISOString());
  await deletePasswordLinksOfUser(db, userId);
  const passwordLinkId = await insertPasswordLink(db, {
    userId,
    tokenHash: hashToken(token),
    purpose,
    now: now.toISOString(),
    expiresAt,
  });
  // The page heads an invitation "Set your password" rather than "Choose a new password"; the server
  // still decides by the token alone.
  const marker = purpose === 'invitation' ? `&${INVITATION_LINK_MARKER}=1` : '';
  return {
    url: `${context.config.appUrl}${RESET_PASSWORD_PAGE}?token=${token}${marker}`,
    passwordLinkId,
    expiresAt,
  };
}
