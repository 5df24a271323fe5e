import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import {
  type CursorPage,
  DSC_EXPIRY_WINDOW_DAYS,
  type DscCertificate,
  REGISTER_MESSAGES as M,
  type RegisterSummary,
} from '@portal/contract/registers';
import type { AppContext } from '../../app-context.js';
import { type Actor, actorOfUser } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import { firmOf, scopeFor } from '../../policy/authorize.js';
import type { DigestPerson, DigestRegisters } from '../notifications/notification-hooks.js';
import { countUdinsMissing, listUdinRegister } from '../work/work-udin.js';
import { countCertificatesExpiring, listCertificatesByExpiry } from './dsc.repository.js';
import { presentCertificates } from './dsc.service.js';

const todayOf = (context: AppContext) => indianDateOf(context.clock.now());
/** How many of each the dashboards list by name. */
const SUMMARY_LISTED = 5;

function parseAfter(after: string | undefined) {
  if (after === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,9})$/.exec(after);
  if (!match) failValidation('after', M.cursorInvalid);
  return { validUntil: match[1] as string, id: Number(match[2]) };
}

/** `GET /api/registers/dsc`: the firm's certificates the caller keeps, by expiry; `days`: expiring within. */
export async function listDscRegister(
  context: AppContext,
  actor: Actor,
  query: { days?: number; after?: string; limit: number },
): Promise<CursorPage<DscCertificate>> {
  const rows = await listCertificatesByExpiry(context.db, scopeFor(actor, 'dsc.view'), {
    firmId: firmOf(actor) ?? -1,
    ...(query.days !== undefined ? { until: addDays(todayOf(context), query.days) } : {}),
    after: parseAfter(query.after),
    limit: query.limit + 1,
  });
  const data = await presentCertificates(context, actor, rows.slice(0, query.limit));
  const last = data[data.length - 1];
  const next = rows.length > query.limit && last ? `${last.valid_until}_${last.id}` : null;
  return { data, per_page: query.limit, next };
}

/** `GET /api/registers/summary`: the dashboards' counts (expired certificates count as expiring) and lists. */
export async function readRegisterSummary(context: AppContext, actor: Actor): Promise<RegisterSummary> {
  const until = addDays(todayOf(context), DSC_EXPIRY_WINDOW_DAYS);
  const scope = scopeFor(actor, 'dsc.view');
  const firmId = firmOf(actor) ?? -1;
  const udins = await countUdinsMissing(context, actor);
  const expiring = await listDscRegister(context, actor, { days: DSC_EXPIRY_WINDOW_DAYS, limit: SUMMARY_LISTED });
  const missing = await listUdinRegister(context, actor, { filter: 'missing', limit: SUMMARY_LISTED });
  return {
    dsc_expiring: await countCertificatesExpiring(context.db, scope, firmId, until),
    udin_missing: udins.missing,
    udin_overdue: udins.overdue,
    expiring: expiring.data,
    missing: missing.data,
  };
}

/** The digest's part (notifications' `readDigestRegisters`): the same summary, for the person it goes to. */
export async function readDigestRegistersOf(
  context: AppContext,
  person: DigestPerson,
  _today: string,
): Promise<DigestRegisters> {
  const actor = actorOfUser({ ...person, status: 'active' });
  const summary = await readRegisterSummary(context, actor);
  return {
    dscExpiring: summary.dsc_expiring,
    dscLines: summary.expiring.map((dsc) => ({
      holder: dsc.holder_name,
      client: dsc.client_name,
      validUntil: dsc.valid_until,
    })),
    udinMissing: summary.udin_missing,
    udinOverdue: summary.udin_overdue,
  };
}
