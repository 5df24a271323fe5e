import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import {
  GRIEVANCE_RESPONSE_DAYS,
  RIGHTS_MESSAGES as M,
  type OwnRightsPage,
  type OwnRightsQuery,
  RIGHTS_KIND_LABELS,
  type RightsAsk,
  type RightsKind,
  type RightsPage,
  type RightsQueueQuery,
  type RightsRequest,
  type RightsRequestSummary,
} from '@portal/contract/rights-requests';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden, failValidation } from '../../http/http-error.js';
import { scopeFor } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { readRightsResponseDays } from '../firm-settings/firm-settings.service.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { findReadableRequest, permissionsOf } from './rights-access.js';
import {
  presentDownload,
  presentHistoryEntry,
  presentRequest,
  presentRequestSummary,
} from './rights-requests.presenter.js';
import {
  findClientAccount,
  insertEvent,
  insertRequest,
  listClientPage,
  listEvents,
  listHandlersOfFirm,
  listLatestDownloads,
  listQueuePage,
  type QueuePage,
  type RightsRequestRow,
} from './rights-requests.repository.js';
import { readContactSlot } from './rights-requests-hooks.js';

const todayOf = (context: Pick<AppContext, 'clock'>) => indianDateOf(context.clock.now());

/**
 * The day a request received at `receivedAt` is due, in India's calendar: a grievance within the ninety
 * days of DPDP Rules 2025 rule 14(3), the rest within the firm's own period (its `rights_response_days`).
 * Fixed when the request arrives: a later change of the setting moves no promise already made.
 */
export async function dueDateOf(db: Kysely<DB>, firmId: number, kind: RightsKind, receivedAt: Date): Promise<string> {
  const days = kind === 'grievance' ? GRIEVANCE_RESPONSE_DAYS : await readRightsResponseDays(db, firmId);
  return addDays(indianDateOf(receivedAt), days);
}

type NewRequest = {
  firmId: number;
  clientId: number;
  kind: RightsKind;
  details: string | null;
  actorId: number | null;
};

/**
 * Records a new request in the caller's transaction: the row, its first step, the activity log, and a
 * notice to whoever handles the firm's requests (its MPC, the PCs it allows). Answers the request's id.
 */
async function openRequest(db: Kysely<DB>, values: NewRequest, at: Date, ip?: string): Promise<number> {
  const iso = at.toISOString();
  const dueDate = await dueDateOf(db, values.firmId, values.kind, at);
  const id = await insertRequest(db, {
    firm_id: values.firmId,
    client_id: values.clientId,
    kind: values.kind,
    details: values.details,
    status: 'received',
    is_open: 1,
    due_date: dueDate,
    received_at: iso,
    answer: null,
    answered_at: null,
    answered_by: null,
    close_reason: null,
    closed_at: null,
    closed_by: null,
    updated_at: iso,
  });
  await insertEvent(db, { request_id: id, action: 'received', note: null, actor_id: values.actorId, created_at: iso });
  await recordAudit(db, {
    actorId: values.actorId,
    action: 'rights.request',
    entityType: 'rights_request',
    entityId: id,
    subjectId: values.clientId,
    ...(ip ? { ip } : {}),
    details: { kind: values.kind, due_date: dueDate },
    at,
  });
  await notifyUsers(db, {
    recipients: await listHandlersOfFirm(db, values.firmId),
    kind: 'rights_requested',
    actorId: values.actorId,
    clientId: values.clientId,
    subject: RIGHTS_KIND_LABELS[values.kind],
    detail: dueDate,
    at,
  });
  return id;
}

/** `POST /api/me/rights-requests`: the client asks its own firm. */
export async function askRights(
  context: AppContext,
  actor: Actor,
  input: RightsAsk,
  ip: string,
): Promise<RightsRequest> {
  const client = await findClientAccount(context.db, actor.id);
  if (!client || client.firm_id === null) failForbidden();
  const firmId = client.firm_id;
  const id = await context.db
    .transaction()
    .execute((trx) =>
      openRequest(
        trx,
        { firmId, clientId: actor.id, kind: input.kind, details: input.details, actorId: actor.id },
        context.clock.now(),
        ip,
      ),
    );
  return readRightsRequest(context, actor, id);
}

/**
 * A client withdrew its consent (the `privacy` module's `onConsentWithdrawn`, wired in app.ts): the firm
 * is told through its queue, where the request is due like any but a grievance. Runs in the caller's
 * transaction; answers the new request's id.
 */
export async function openConsentWithdrawalRequest(
  db: Kysely<DB>,
  event: { firmId: number; clientId: number; withdrawnAt: Date | string },
): Promise<number> {
  const at = typeof event.withdrawnAt === 'string' ? new Date(event.withdrawnAt) : event.withdrawnAt;
  return openRequest(
    db,
    {
      firmId: event.firmId,
      clientId: event.clientId,
      kind: 'consent_withdrawal',
      details: null,
      actorId: event.clientId,
    },
    at,
  );
}

/** The answers of a page of rows: each with its latest download and what the caller may do. */
async function presentRows(
  context: AppContext,
  actor: Actor,
  rows: RightsRequestRow[],
): Promise<RightsRequestSummary[]> {
  const downloads = await listLatestDownloads(
    context.db,
    rows.map((row) => row.id),
  );
  const now = context.clock.now();
  const today = indianDateOf(now);
  return rows.map((row) => {
    const download = presentDownload(downloads.get(row.id), now);
    return presentRequestSummary(row, { today, download, permissions: permissionsOf(actor, row, download) });
  });
}

/** `GET /api/rights-requests/{id}`: one request with its history and the firm's contact. */
export async function readRightsRequest(context: AppContext, actor: Actor, id: number): Promise<RightsRequest> {
  const row = await findReadableRequest(context, actor, id);
  const [summary] = await presentRows(context, actor, [row]);
  const readerIsClient = actor.id === row.client_id;
  const history = (await listEvents(context.db, id)).map((event) => presentHistoryEntry(event, readerIsClient));
  const contact = await readContactSlot.call(context.db, row.firm_id);
  return presentRequest(summary as RightsRequestSummary, history, contact);
}

/** `GET /api/me/rights-requests`: the client's own, newest first, with its firm's contact. */
export async function listOwnRights(context: AppContext, actor: Actor, query: OwnRightsQuery): Promise<OwnRightsPage> {
  const rows = await listClientPage(context.db, actor.id, {
    ...(query.before !== undefined ? { beforeId: query.before } : {}),
    limit: query.limit + 1,
  });
  const data = await presentRows(context, actor, rows.slice(0, query.limit));
  const next = rows.length > query.limit ? String(data.at(-1)?.id) : null;
  const client = await findClientAccount(context.db, actor.id);
  const contact = client?.firm_id ? await readContactSlot.call(context.db, client.firm_id) : null;
  return { data, per_page: query.limit, next, contact };
}

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/;

function parseAfter(after: string | undefined): QueuePage['after'] {
  if (after === undefined) return undefined;
  const match = CURSOR.exec(after);
  if (!match) failValidation('after', M.cursorInvalid);
  return { dueDate: match[1] as string, id: Number(match[2]) };
}

/** The queue's filter as the repository reads it, or null when it can hold nothing (overdue and closed). */
function queueFilterOf(query: RightsQueueQuery): Pick<QueuePage, 'status' | 'direction'> | null {
  const { status } = query;
  if (query.overdue && (status === 'answered' || status === 'closed')) return null;
  if (status === 'open' || (status === 'all' && query.overdue)) return { status: { open: true }, direction: 'asc' };
  if (status === 'all') return { status: { all: true }, direction: 'desc' };
  // What is still to do comes soonest due first; what is done, latest first.
  return { status: { status }, direction: status === 'received' || status === 'in_progress' ? 'asc' : 'desc' };
}

/**
 * `GET /api/rights-requests`: a page of the firm's queue. Its reach is the access table's `rights.view`
 * (`scopeFor`: the caller's firm, once the MPC allows a PC); filtered by status, kind and overdue.
 */
export async function listRightsQueue(context: AppContext, actor: Actor, query: RightsQueueQuery): Promise<RightsPage> {
  const scope = scopeFor(actor, 'rights.view');
  const filter = queueFilterOf(query);
  const after = parseAfter(query.after);
  if (scope.firmId === undefined || filter === null) return { data: [], per_page: query.limit, next: null };
  const rows = await listQueuePage(context.db, {
    firmId: scope.firmId,
    ...filter,
    ...(query.kind !== undefined ? { kind: query.kind } : {}),
    ...(query.overdue ? { dueBefore: todayOf(context) } : {}),
    ...(after ? { after } : {}),
    limit: query.limit + 1,
  });
  const data = await presentRows(context, actor, rows.slice(0, query.limit));
  const last = data.at(-1);
  const next = rows.length > query.limit && last ? `${last.due_date}_${last.id}` : null;
  return { data, per_page: query.limit, next };
}
