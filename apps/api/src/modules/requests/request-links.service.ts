import { indianDateOf } from '@portal/contract/plain-dates';
import {
  REQUEST_LINK_MESSAGES as LM,
  REQUEST_LINK_DAYS,
  type RequestLinkProblem,
  type RequestLinkState,
  type RequestLinkView,
  requestLinkPage,
} from '@portal/contract/request-links';
import type { RequestItemStatus } from '@portal/contract/requests';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { type Actor, actorOfUser } from '../../auth/actor.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { LinkProblemError } from '../../http/link-problem.js';
import { readRequestLinksEnabled } from '../firm-settings/firm-settings.service.js';
import { admitRequestLinkUse } from '../throttles/request-link-throttle.js';
import {
  findLinkByHash,
  insertRequestLink,
  listLiveLinksOf,
  type RequestLinkRow,
  revokeLinksOf,
  revokeLinksOfFirm,
} from './request-links.repository.js';
import { listFilesOf, listItemsOf } from './requests.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// What generateToken makes: 32 random bytes, base64url. Anything else is refused before a lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type LinkContext = Pick<AppContext, 'clock' | 'config'>;

/**
 * Makes the request's one live link, ending the one before (docs/decisions/0036: each mail carries a
 * fresh link), inside the caller's transaction. Answers the address to mail: the raw token exists only
 * there and in the mail; the table keeps its SHA-256.
 */
export async function issueRequestLink(
  db: Kysely<DB>,
  context: LinkContext,
  values: { requestId: number; clientId: number; createdBy: number | null },
): Promise<string> {
  const now = context.clock.now();
  const at = now.toISOString();
  const token = generateToken();
  await revokeLinksOf(db, values.requestId, at);
  await insertRequestLink(db, {
    tokenHash: hashToken(token),
    requestId: values.requestId,
    clientId: values.clientId,
    createdBy: values.createdBy,
    at,
    expiresAt: new Date(now.getTime() + REQUEST_LINK_DAYS * DAY_MS).toISOString(),
  });
  return `${context.config.appUrl}${requestLinkPage(token)}`;
}

/** Ends a request's link (staff revoked it, or links were turned off for it); answers how many ended. */
export function revokeRequestLinks(db: Kysely<DB>, requestId: number, at: string): Promise<number> {
  return revokeLinksOf(db, requestId, at);
}

/** The live link of each request, by its id (what staff read: never the token). */
/**
 * The firm turned request links off (listens to `onFirmSettingsChanged`): every live link ends for good,
 * so turning them on again never brings back a link that was mailed, forwarded or leaked before.
 */
export async function endFirmLinksWhenOff(
  db: Kysely<DB>,
  change: { firmId: number; requestLinksEnabled: boolean; at: string },
): Promise<void> {
  if (!change.requestLinksEnabled) await revokeLinksOfFirm(db, change.firmId, change.at);
}

export async function readLiveLinks(
  db: Kysely<DB>,
  requestIds: number[],
  now: Date,
): Promise<Map<number, NonNullable<RequestLinkState>>> {
  const rows = await listLiveLinksOf(db, requestIds, now.toISOString());
  return new Map(rows.map((row) => [row.request_id, { created_at: row.created_at, expires_at: row.expires_at }]));
}

function failLink(problem: RequestLinkProblem): never {
  throw new LinkProblemError(problem, problem === 'expired' ? LM.expired : LM.invalid);
}

/** A link that opens its request: its row, and the client it acts as. */
export type AdmittedLink = { link: RequestLinkRow; client: Actor };

/**
 * Every use of a link is judged afresh (docs/decisions/0036): counted first (per link and per address,
 * 429 over either), then it must be a link this portal made, not revoked, its request still open and
 * its time not passed (else "expired"), the firm's links on, and its client's account active and still
 * the request's client (else "not valid"). A refusal never says which request it was.
 */
export async function admitRequestLink(context: AppContext, token: string, ip: string): Promise<AdmittedLink> {
  const now = context.clock.now();
  const tokenHash = hashToken(token);
  await admitRequestLinkUse(context.db, tokenHash, ip, now);
  if (!TOKEN_SHAPE.test(token)) failLink('invalid');
  const link = await findLinkByHash(context.db, tokenHash);
  if (!link || link.revoked_at !== null) failLink('invalid');
  if (link.client_status !== 'active' || link.request_client_id !== link.client_id) failLink('invalid');
  if (!(await readRequestLinksEnabled(context.db, link.firm_id))) failLink('invalid');
  if (link.request_status !== 'open' || Date.parse(link.expires_at) <= now.getTime()) failLink('expired');
  const client = actorOfUser({
    id: link.client_user_id,
    role_id: link.client_role_id,
    firm_id: link.client_firm_id,
    status: link.client_status,
  });
  return { link, client };
}

/** The firm as its clients know it: the MPC's firm name, else the MPC's own name. */
function firmNameOf(link: RequestLinkRow): string {
  const name = fullName(link.firm_first_name, link.firm_last_name);
  return link.firm_name?.trim() || name || 'Your firm';
}

/**
 * `GET /api/request-link/{token}`: what the link opens and nothing more: the firm, the work's title and
 * service, the message and date, and each document with its status and the names of the files it got.
 */
export async function presentLinkedRequest(context: AppContext, link: RequestLinkRow): Promise<RequestLinkView> {
  const items = await listItemsOf(context.db, [link.request_id]);
  const files = await listFilesOf(
    context.db,
    items.map((item) => item.id),
  );
  return {
    firm_name: firmNameOf(link),
    title: link.title,
    service_name: link.service_name,
    message: link.message,
    due_date: link.due_date,
    overdue: link.due_date < indianDateOf(context.clock.now()),
    expires_at: link.expires_at,
    max_upload_mb: Math.round(context.config.maxUploadBytes / (1024 * 1024)),
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      status: item.status as RequestItemStatus,
      reason: item.reason,
      files: files
        .filter((file) => file.item_id === item.id)
        .map((file) => ({ file_name: file.file_name, uploaded_at: file.created_at })),
    })),
  };
}
