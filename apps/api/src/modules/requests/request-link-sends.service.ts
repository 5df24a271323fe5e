import { REQUEST_LINK_MESSAGES as LM } from '@portal/contract/request-links';
import type { DocumentRequest } from '@portal/contract/requests';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failConflict } from '../../http/http-error.js';
import { readRequestLinksEnabled } from '../firm-settings/firm-settings.service.js';
import { recordRequestEvent } from './request-audit.js';
import { isActiveClient } from './request-links.repository.js';
import { revokeRequestLinks } from './request-links.service.js';
import { sendRequestLinkMail } from './request-mails.js';
import { readRequest } from './request-reads.service.js';
import { findManagedRequest } from './request-writes.service.js';
import { lockOpenRequest } from './requests.repository.js';

/**
 * `POST /api/requests/{id}/link/resend` (`request.manage`): a fresh link mailed to the client, ending the
 * one before. Only for an open request of an active client, with the firm's links on (409 otherwise).
 */
export async function resendRequestLink(
  context: AppContext,
  actor: Actor,
  requestId: number,
  ip?: string,
): Promise<DocumentRequest> {
  const row = await findManagedRequest(context, actor, requestId);
  if (!(await readRequestLinksEnabled(context.db, row.firm_id))) failConflict(LM.linksOff);
  if (!(await isActiveClient(context.db, row.client_id))) failConflict(LM.clientInactive);
  const at = context.clock.now().toISOString();
  await context.db.transaction().execute(async (trx) => {
    if (!(await lockOpenRequest(trx, requestId, at))) failConflict(LM.notOpen);
    await sendRequestLinkMail(trx, context, { requestId, createdBy: actor.id });
    const by = { actorId: actor.id, at: context.clock.now(), ip };
    await recordRequestEvent(trx, 'request.link_resend', { requestId, clientId: row.client_id }, by);
  });
  context.mail.wake();
  return readRequest(context, actor, requestId);
}

/** `POST /api/requests/{id}/link/revoke` (`request.manage`): the request's link opens nothing any more. */
export async function revokeRequestLink(
  context: AppContext,
  actor: Actor,
  requestId: number,
  ip?: string,
): Promise<DocumentRequest> {
  const row = await findManagedRequest(context, actor, requestId);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await revokeRequestLinks(trx, requestId, at.toISOString());
    const by = { actorId: actor.id, at, ip };
    await recordRequestEvent(trx, 'request.link_revoke', { requestId, clientId: row.client_id }, by);
  });
  return readRequest(context, actor, requestId);
}
