import { ROLE_ID } from '@portal/contract/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** The roles a firm asks to accept its notice (its MPC writes it). */
const ASKED_ROLE_IDS = [ROLE_ID.pc, ROLE_ID.executor, ROLE_ID.client];

/** A user's privacy columns, as the gate reads them, with its firm. */
export function findConsentState(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['firm_id', 'privacy_notice_version', 'privacy_accepted_version', 'privacy_withdrawn_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Records the user's acceptance of `version` unless a later version reached its row meanwhile (a
 * publication in between): answers whether it was recorded. Accepting again gives consent again.
 */
export function markAccepted(db: Kysely<DB>, userId: number, version: number): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('users')
      .set({ privacy_accepted_version: version, privacy_withdrawn_at: null })
      .where('id', '=', userId)
      .where('privacy_notice_version', '<=', version),
  );
}

/** Records a withdrawal, once: answers false when consent was already withdrawn or never given. */
export function markWithdrawn(db: Kysely<DB>, userId: number, at: string): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('users')
      .set({ privacy_withdrawn_at: at, privacy_accepted_version: -1 })
      .where('id', '=', userId)
      .where('privacy_withdrawn_at', 'is', null)
      .where('privacy_accepted_version', '>=', 0),
  );
}

export async function insertConsentEvent(
  db: Kysely<DB>,
  values: {
    userId: number;
    firmId: number;
    kind: 'accepted' | 'withdrawn';
    version: number;
    noticeSha256: string | null;
    ip: string;
    userAgent: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('privacy_consents')
    .values({
      user_id: values.userId,
      firm_id: values.firmId,
      kind: values.kind,
      version: values.version,
      notice_sha256: values.noticeSha256,
      ip: values.ip,
      user_agent: values.userAgent?.slice(0, 500) ?? null,
      created_at: values.at,
    })
    .execute();
}

/** A PC, executor or client of the firm (whose consents its MPC reads); undefined: not the firm's. */
export function findFirmMember(db: Kysely<DB>, firmId: number, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('firm_id', '=', firmId)
    .where('role_id', 'in', ASKED_ROLE_IDS)
    .executeTakeFirst();
}

/** The firm's acceptances and withdrawals (or one member's), newest first, after the cursor's id. */
export function listConsentEvents(
  db: Kysely<DB>,
  values: { firmId: number; userId?: number; beforeId?: number; limit: number },
) {
  let query = db
    .selectFrom('privacy_consents')
    .innerJoin('users', 'users.id', 'privacy_consents.user_id')
    .select([
      'privacy_consents.id',
      'privacy_consents.kind',
      'privacy_consents.version',
      'privacy_consents.ip',
      'privacy_consents.created_at',
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.role_id',
    ])
    .where('privacy_consents.firm_id', '=', values.firmId);
  if (values.userId !== undefined) query = query.where('privacy_consents.user_id', '=', values.userId);
  if (values.beforeId !== undefined) query = query.where('privacy_consents.id', '<', values.beforeId);
  return query.orderBy('privacy_consents.id', 'desc').limit(values.limit).execute();
}

export type ConsentEventRow = Awaited<ReturnType<typeof listConsentEvents>>[number];

/**
 * The firm's PCs, executors and clients (active or joining) without a live acceptance of `current`:
 * never accepted or withdrawn (-1) first, then by the older version they hold, each in id order; read in
 * the order of `users_firm_privacy_index` from the cursor on.
 */
export function listPendingMembers(
  db: Kysely<DB>,
  values: { firmId: number; current: number; after?: { version: number; id: number }; limit: number },
) {
  const { after } = values;
  let query = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role_id', 'privacy_accepted_version', 'privacy_withdrawn_at'])
    .where('firm_id', '=', values.firmId)
    .where('privacy_accepted_version', '<', values.current)
    .where('role_id', 'in', ASKED_ROLE_IDS)
    .where('status', '!=', 'deactivated');
  // A row value: both dialects read it as one range of the index, where an OR of the two keys let
  // SQLite's planner take another index and sort.
  if (after) query = query.where(sql<boolean>`(privacy_accepted_version, id) > (${after.version}, ${after.id})`);
  return query.orderBy('privacy_accepted_version').orderBy('id').limit(values.limit).execute();
}

export type PendingMemberRow = Awaited<ReturnType<typeof listPendingMembers>>[number];
