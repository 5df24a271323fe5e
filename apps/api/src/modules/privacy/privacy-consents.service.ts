import {
  type AcceptanceListFilters,
  type ConsentRow,
  PRIVACY_MESSAGES,
  type PrivacyAcceptInput,
  type PrivacyNotice,
} from '@portal/contract/privacy';
import type { CursorPage } from '@portal/contract/registers';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { presentConsentEvent, presentPendingMember } from './privacy.presenter.js';
import {
  findConsentState,
  findFirmMember,
  insertConsentEvent,
  listConsentEvents,
  listPendingMembers,
  markAccepted,
  markWithdrawn,
} from './privacy-consents.repository.js';
import { onConsentWithdrawn } from './privacy-hooks.js';
import { digestNotice, readMyNotice, readNoticeInForce, requireFirm } from './privacy-notices.service.js';

/** Where the request came from, kept with each acceptance and withdrawal (who, when, from where). */
export type RequestOrigin = { ip: string; userAgent: string | null };

/**
 * `POST /api/privacy/notice/accept`: the caller accepts the version it read. A version other than the
 * one in force (a newer one published meanwhile) is refused with 409, and so is a publication that
 * reaches the caller's row between the read and the write. Accepting the version already accepted
 * records nothing new; accepting after a withdrawal gives consent again.
 */
export async function acceptNotice(
  context: AppContext,
  actor: Actor,
  input: PrivacyAcceptInput,
  origin: RequestOrigin,
): Promise<PrivacyNotice> {
  const firmId = requireFirm(actor);
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const notice = await readNoticeInForce(trx, firmId);
    if (input.version !== notice.version) failConflict(PRIVACY_MESSAGES.staleVersion);
    const state = await findConsentState(trx, actor.id);
    if (state?.privacy_accepted_version === notice.version && state.privacy_withdrawn_at === null) return;
    if (!(await markAccepted(trx, actor.id, notice.version))) failConflict(PRIVACY_MESSAGES.staleVersion);
    await insertConsentEvent(trx, {
      userId: actor.id,
      firmId,
      kind: 'accepted',
      version: notice.version,
      noticeSha256: digestNotice(notice.text),
      ip: origin.ip,
      userAgent: origin.userAgent,
      at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'privacy.notice_accepted',
      ip: origin.ip,
      at: now,
      details: { version: notice.version },
    });
  });
  return readMyNotice(context, actor);
}

/**
 * `POST /api/privacy/consent/withdraw`: a client withdraws the consent it gave. Recorded with when and
 * from where; the firm's MPC is told in the same transaction; then `onConsentWithdrawn` fires (the rights
 * queue). The client may still sign in and read (docs/decisions/0041).
 */
export async function withdrawConsent(
  context: AppContext,
  actor: Actor,
  origin: RequestOrigin,
): Promise<PrivacyNotice> {
  const firmId = requireFirm(actor);
  const now = context.clock.now();
  const at = now.toISOString();
  await context.db.transaction().execute(async (trx) => {
    const state = await findConsentState(trx, actor.id);
    if (state?.privacy_withdrawn_at) failConflict(PRIVACY_MESSAGES.alreadyWithdrawn);
    const version = state?.privacy_accepted_version ?? -1;
    if (version < 0 || !(await markWithdrawn(trx, actor.id, at))) failConflict(PRIVACY_MESSAGES.nothingToWithdraw);
    await insertConsentEvent(trx, {
      userId: actor.id,
      firmId,
      kind: 'withdrawn',
      version,
      noticeSha256: null,
      ip: origin.ip,
      userAgent: origin.userAgent,
      at,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'privacy.consent_withdrawn',
      ip: origin.ip,
      at: now,
      details: { version },
    });
    await notifyUsers(trx, {
      recipients: [firmId],
      kind: 'consent_withdrawn',
      actorId: actor.id,
      clientId: actor.id,
      subject: 'Privacy notice',
      at: now,
    });
  });
  await onConsentWithdrawn.fire(context, { firmId, clientId: actor.id, withdrawnAt: at });
  return readMyNotice(context, actor);
}

/** `after` of the pending list: the version and id of the last row shown. */
function readPendingCursor(after: string | undefined): { version: number; id: number } | undefined {
  if (after === undefined) return undefined;
  const match = /^(-?\d{1,7})_(\d{1,10})$/.exec(after);
  if (!match) failValidation('after', PRIVACY_MESSAGES.cursorInvalid);
  return { version: Number(match[1]), id: Number(match[2]) };
}

function readEventCursor(after: string | undefined): number | undefined {
  if (after === undefined) return undefined;
  if (!/^\d{1,10}$/.test(after)) failValidation('after', PRIVACY_MESSAGES.cursorInvalid);
  return Number(after);
}

/** A keyset page: a full page has a next one, which starts after its last row. */
function presentCursorPage<Row>(
  rows: Row[],
  limit: number,
  present: (row: Row) => ConsentRow,
  cursorOf: (last: Row) => string,
): CursorPage<ConsentRow> {
  const last = rows.at(-1);
  return { data: rows.map(present), per_page: limit, next: rows.length === limit && last ? cursorOf(last) : null };
}

/**
 * `GET /api/privacy/acceptances` (the MPC): `all` its firm's acceptances and withdrawals, newest first
 * (one member's with `user_id`: another firm's person is not found); `pending` its members without a
 * live acceptance of the version in force. Both page by keyset.
 */
export async function listConsents(
  context: AppContext,
  actor: Actor,
  query: AcceptanceListFilters,
): Promise<CursorPage<ConsentRow>> {
  const firmId = requireFirm(actor);
  const { limit } = query;
  if (query.filter === 'pending') {
    const notice = await readNoticeInForce(context.db, firmId);
    const rows = await listPendingMembers(context.db, {
      firmId,
      current: notice.version,
      after: readPendingCursor(query.after),
      limit,
    });
    return presentCursorPage(
      rows,
      limit,
      presentPendingMember,
      (last) => `${last.privacy_accepted_version}_${last.id}`,
    );
  }
  if (query.user_id !== undefined && !(await findFirmMember(context.db, firmId, query.user_id))) failNotFound();
  const rows = await listConsentEvents(context.db, {
    firmId,
    ...(query.user_id !== undefined ? { userId: query.user_id } : {}),
    beforeId: readEventCursor(query.after),
    limit,
  });
  return presentCursorPage(rows, limit, presentConsentEvent, (last) => String(last.id));
}

/**
 * One client's acceptances and withdrawals, newest first, for its access download (rights-requests):
 * which notice version, when and from where. A client has a handful, so one page of 500 holds them all.
 */
export async function listConsentRecordsOf(db: Kysely<DB>, ids: { firmId: number; clientId: number }) {
  const rows = await listConsentEvents(db, { firmId: ids.firmId, userId: ids.clientId, limit: 500 });
  return rows.map((row) => ({ kind: row.kind, version: row.version, ip: row.ip, at: row.created_at }));
}
