import { createHash } from 'node:crypto';
import type { Paged } from '@portal/contract/envelope';
import type { PageQuery } from '@portal/contract/paging';
import {
  DEFAULT_NOTICE_VERSION,
  PRIVACY_MESSAGES,
  type PrivacyNotice,
  type PrivacyNoticeSaveInput,
  type PrivacyNoticeVersion,
} from '@portal/contract/privacy';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failConflict, failForbidden, failNotFound } from '../../http/http-error.js';
import { readPage } from '../../http/paged.js';
import { firmOf } from '../../policy/authorize.js';
import { privacyConsentOf } from '../../policy/privacy-consent.js';
import { recordAudit } from '../audit/audit.service.js';
import { readDataProtectionContact } from './data-protection-contact.service.js';
import { buildDefaultNotice } from './default-notice.js';
import { presentNoticeVersion } from './privacy.presenter.js';
import { findConsentState } from './privacy-consents.repository.js';
import {
  countNotices,
  findFirmNames,
  findLatestNotice,
  findNoticeById,
  insertNotice,
  listNotices,
  setFirmNoticeVersion,
} from './privacy-notices.repository.js';

/** The notice in force for a firm: its latest published version, or the portal's default (version 0). */
export type NoticeInForce = {
  version: number;
  text: string;
  publishedAt: string | null;
  isDefault: boolean;
  firmName: string;
};

/** The firm as its people know it: the MPC's firm name, else the MPC's own name. */
async function readFirmName(db: Kysely<DB>, firmId: number): Promise<string> {
  const names = await findFirmNames(db, firmId);
  const person = `${names?.first_name ?? ''} ${names?.last_name ?? ''}`.trim();
  return names?.firm_name?.trim() || person || 'Your firm';
}

export async function readNoticeInForce(db: Kysely<DB>, firmId: number): Promise<NoticeInForce> {
  const [latest, firmName] = await Promise.all([findLatestNotice(db, firmId), readFirmName(db, firmId)]);
  if (!latest)
    return {
      version: DEFAULT_NOTICE_VERSION,
      text: buildDefaultNotice(firmName),
      publishedAt: null,
      isDefault: true,
      firmName,
    };
  return { version: latest.version, text: latest.body, publishedAt: latest.published_at, isDefault: false, firmName };
}

/** The SHA-256 of the text as it was shown, kept with each acceptance: which words were accepted. */
export function digestNotice(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The caller's firm, or 403: the admin has no firm and so no notice. */
export function requireFirm(actor: Actor): number {
  const firmId = firmOf(actor);
  if (firmId === null) failForbidden(PRIVACY_MESSAGES.noFirm);
  return firmId;
}

/** `GET /api/privacy/notice`: the notice in force for the caller's firm, and where the caller stands with it. */
export async function readMyNotice(context: AppContext, actor: Actor): Promise<PrivacyNotice> {
  const firmId = requireFirm(actor);
  const [notice, contact, state] = await Promise.all([
    readNoticeInForce(context.db, firmId),
    readDataProtectionContact(context.db, firmId),
    findConsentState(context.db, actor.id),
  ]);
  const columns = {
    privacy_notice_version: state?.privacy_notice_version ?? 0,
    privacy_accepted_version: state?.privacy_accepted_version ?? -1,
    privacy_withdrawn_at: state?.privacy_withdrawn_at ?? null,
  };
  const consent = privacyConsentOf({ role: actor.role, firmId: actor.firmId }, columns);
  return {
    version: notice.version,
    is_default: notice.isDefault,
    text: notice.text,
    published_at: notice.publishedAt,
    firm_name: notice.firmName,
    contact,
    accepted_version: columns.privacy_accepted_version >= 0 ? columns.privacy_accepted_version : null,
    acceptance_required: consent === 'due',
    consent_withdrawn_at: columns.privacy_withdrawn_at,
  };
}

/** `GET /api/privacy/notices`: the firm's published versions, newest first (the MPC). */
export async function listNoticeVersions(
  context: AppContext,
  actor: Actor,
  query: PageQuery,
): Promise<Paged<PrivacyNoticeVersion>> {
  const firmId = requireFirm(actor);
  const latest = await findLatestNotice(context.db, firmId);
  return readPage(
    query,
    () => countNotices(context.db, firmId),
    (offset, limit) => listNotices(context.db, firmId, offset, limit),
    (row) => presentNoticeVersion(row, latest?.version),
  );
}

/** `GET /api/privacy/notices/{id}`: one version of the caller's firm; another firm's is not found. */
export async function readNoticeVersion(context: AppContext, actor: Actor, id: number): Promise<PrivacyNoticeVersion> {
  const firmId = requireFirm(actor);
  const [row, latest] = await Promise.all([
    findNoticeById(context.db, firmId, id),
    findLatestNotice(context.db, firmId),
  ]);
  if (!row) failNotFound();
  return presentNoticeVersion(row, latest?.version);
}

/**
 * `POST /api/privacy/notices`: the MPC publishes the text as the firm's next version, which is never
 * changed after. Every row of the firm learns the new version in the same transaction, so its PCs,
 * executors and clients must accept it again at their next request.
 */
export async function publishNotice(
  context: AppContext,
  actor: Actor,
  input: PrivacyNoticeSaveInput,
  ip: string,
): Promise<PrivacyNotice> {
  const firmId = requireFirm(actor);
  const now = context.clock.now();
  try {
    await context.db.transaction().execute(async (trx) => {
      const latest = await findLatestNotice(trx, firmId);
      const version = (latest?.version ?? DEFAULT_NOTICE_VERSION) + 1;
      await insertNotice(trx, { firmId, version, body: input.text, by: actor.id, at: now.toISOString() });
      await setFirmNoticeVersion(trx, firmId, version);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'privacy.notice_published',
        ip,
        at: now,
        details: { version },
      });
    });
  } catch (error) {
    // Two publications at once: the unique (firm, version) lets one through.
    if (isUniqueViolation(error)) failConflict(PRIVACY_MESSAGES.staleVersion);
    throw error;
  }
  return readMyNotice(context, actor);
}
