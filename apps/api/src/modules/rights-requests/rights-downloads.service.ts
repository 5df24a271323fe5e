import { Readable, type Writable } from 'node:stream';
import { API_BASE_PATH } from '@portal/contract/envelope';
import { indianDateOf } from '@portal/contract/plain-dates';
import {
  RIGHTS_MESSAGES as M,
  RIGHTS_DOWNLOAD_HOURS,
  RIGHTS_PATHS,
  type RightsDownloadLink,
  type RightsRequest,
} from '@portal/contract/rights-requests';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import { type Actor, actorOfUser } from '../../auth/actor.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import { fullName } from '../../db/person-name.js';
import { failConflict, failForbidden, failNotFound } from '../../http/http-error.js';
import { LinkGoneError } from '../../http/link-problem.js';
import { createZipWriter } from '../../http/zip-writer.js';
import { authorize } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { writeClientFilesToZip } from '../files/folder-zip.service.js';
import { makeSafeEntryName } from '../files/zip-entry-names.js';
import { findActionableRequest, findReadableRequest, isDownloadReady, targetOf } from './rights-access.js';
import { recordStep } from './rights-actions.service.js';
import { buildPersonalData } from './rights-export.js';
import {
  claimDownload,
  findClientAccount,
  findDownloadByHash,
  insertDownload,
  insertEvent,
  listLatestDownloads,
  setDownloadToken,
} from './rights-requests.repository.js';
import { readRightsRequest } from './rights-requests.service.js';

const HOUR_MS = 60 * 60 * 1000;
// What generateToken makes: 32 random bytes, base64url. Anything else is refused before a lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * `POST /api/rights-requests/{id}/download` ("Prepare download"): the firm, having reviewed the request,
 * releases a download of the client's data. It works once, within 24 hours; a new one ends the one before.
 */
export async function prepareDownload(
  context: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<RightsRequest> {
  const request = await findActionableRequest(context, actor, id);
  if (request.kind !== 'access') failConflict(M.notAccess);
  if (request.status === 'closed') failConflict(M.alreadyClosed);
  const at = context.clock.now();
  const expiresAt = new Date(at.getTime() + RIGHTS_DOWNLOAD_HOURS * HOUR_MS);
  await context.db.transaction().execute(async (trx) => {
    await insertDownload(trx, {
      requestId: id,
      preparedBy: actor.id,
      at: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    await recordStep(trx, context, {
      request,
      actor,
      step: {
        action: 'download_prepared',
        audit: 'rights.download_prepare',
        note: null,
        notice: 'rights_download_ready',
        mail: { kind: 'download_ready', expiresAt },
      },
      ip,
      at,
    });
  });
  context.mail.wake();
  return readRightsRequest(context, actor, id);
}

/**
 * `POST /api/rights-requests/{id}/download-link`: the client's own link to its ready download, followed at
 * once by the browser. Only the token's SHA-256 is kept; asking again replaces a link never followed.
 */
export async function createDownloadLink(context: AppContext, actor: Actor, id: number): Promise<RightsDownloadLink> {
  const request = await findReadableRequest(context, actor, id);
  if (!authorize(actor, 'rights.ask', targetOf(request))) failForbidden();
  const now = context.clock.now();
  const latest = (await listLatestDownloads(context.db, [id])).get(id);
  if (!latest) failConflict(M.noDownload);
  if (latest.used_at !== null) throw new LinkGoneError('used', M.downloadUsed);
  if (!isDownloadReady(latest, now)) throw new LinkGoneError('expired', M.downloadExpired);
  const token = generateToken();
  const set = await setDownloadToken(context.db, latest.id, { tokenHash: hashToken(token), at: now.toISOString() });
  if (!set) throw new LinkGoneError('used', M.downloadUsed);
  return { url: `${API_BASE_PATH}${RIGHTS_PATHS.download(token)}`, expires_at: latest.expires_at };
}

/** An access download, claimed: its name, and how to stream it onto a response body. */
export type RightsZip = { fileName: string; write(out: Writable): Promise<void> };

/**
 * `GET /api/rights-download/{token}`: the token is the whole grant (a browser follows it without the
 * session). Unknown, or ended by a newer download or the request's refusal: 404. Used, or past its 24
 * hours: 410. Otherwise it is claimed in one statement (of two uses at once, one wins), audited, and
 * the ZIP is built as it streams: nothing of it is stored (docs/decisions/0042).
 */
export async function openDownload(context: AppContext, token: string, ip: string): Promise<RightsZip> {
  if (!TOKEN_SHAPE.test(token)) failNotFound(M.downloadNotFound);
  const download = await findDownloadByHash(context.db, hashToken(token));
  if (!download || download.replaced_at !== null || download.status === 'closed') failNotFound(M.downloadNotFound);
  if (download.used_at !== null) throw new LinkGoneError('used', M.downloadUsed);
  const now = context.clock.now();
  if (Date.parse(download.expires_at) <= now.getTime()) throw new LinkGoneError('expired', M.downloadExpired);
  const account = await findClientAccount(context.db, download.client_id);
  if (account?.status !== 'active' || account.role_id !== ROLE_ID.client) failNotFound(M.downloadNotFound);
  const client = actorOfUser(account);
  await context.db.transaction().execute(async (trx) => {
    if (!(await claimDownload(trx, download.id, now.toISOString()))) throw new LinkGoneError('used', M.downloadUsed);
    await insertEvent(trx, {
      request_id: download.request_id,
      action: 'downloaded',
      note: null,
      actor_id: client.id,
      created_at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: client.id,
      action: 'rights.download',
      entityType: 'rights_request',
      entityId: download.request_id,
      subjectId: client.id,
      ip,
      at: now,
    });
  });
  const name = fullName(account.first_name, account.last_name);
  return {
    fileName: `${makeSafeEntryName(`Personal data - ${name} - ${indianDateOf(now)}`, 'Personal data')}.zip`,
    write: (out) => writePersonalDataZip(context, { client, firmId: download.firm_id, ip }, out),
  };
}

/** `personal-data.json`, then the client's documents under `documents/`, one service per directory. */
async function writePersonalDataZip(
  context: AppContext,
  owner: { client: Actor; firmId: number; ip: string },
  out: Writable,
) {
  const zip = createZipWriter(out);
  const modified = context.clock.now();
  const json = Buffer.from(
    `${JSON.stringify(await buildPersonalData(context, owner.client, owner.firmId, owner.ip), null, 2)}\n`,
  );
  await zip.addFile('personal-data.json', modified, { size: json.length, stream: Readable.from([json]) });
  await zip.addDirectory('documents/', modified);
  await writeClientFilesToZip(context, owner.client, zip, 'documents/');
  await zip.finish();
}
