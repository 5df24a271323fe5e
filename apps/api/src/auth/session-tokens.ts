import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A session's token with the user it signs in, as authentication judges it. */
export type TokenWithUser = {
  token_id: number;
  user_id: number;
  last_used_at: string;
  expires_at: string;
  status: string;
  firm_id: number | null;
  role_name: string;
  password_state: string;
  totp_enabled_at: string | null;
  firm_approval: string | null;
  billing_granted: number;
  rights_granted: number;
  privacy_notice_version: number;
  privacy_accepted_version: number;
  privacy_withdrawn_at: string | null;
};

/**
 * Where sessions are kept, as authentication needs them. Platform code knows no module: the sessions
 * module (modules/sessions/) implements this and app.ts puts it in the context.
 */
export type SessionTokens = {
  /** One indexed read per authenticated request: the token and its user. */
  findTokenWithUser(db: Kysely<DB>, tokenHash: string): Promise<TokenWithUser | undefined>;
  touch(db: Kysely<DB>, tokenId: number, now: string): Promise<void>;
  end(db: Kysely<DB>, tokenId: number): Promise<void>;
  /** What a disabled user's session is told: who disabled the account (`describeAccountDisabled`). */
  describeDisabledAccount(db: Kysely<DB>, userId: number): Promise<string>;
};
