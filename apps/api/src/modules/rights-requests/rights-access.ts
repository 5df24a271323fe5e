import { RIGHTS_MESSAGES as M, type RightsPermissions } from '@portal/contract/rights-requests';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import { findRequest, type RightsDownloadRow, type RightsRequestRow } from './rights-requests.repository.js';

/**
 * A request as the access table reads it: its client, of the firm it was made to. The rows are the
 * table's `rights.*` (docs/authorization.md): the client its own, the firm's MPC, a PC the MPC allows.
 */
export function targetOf(row: Pick<RightsRequestRow, 'client_id' | 'firm_id'>): TargetFacts {
  return { id: row.client_id, roleId: ROLE_ID.client, firmId: row.firm_id, createdBy: null };
}

/** Whether the caller reads the request: its handlers, or the client that asked. */
export function readsRequest(actor: Actor, row: Pick<RightsRequestRow, 'client_id' | 'firm_id'>): boolean {
  const target = targetOf(row);
  return authorize(actor, 'rights.view', target) || authorize(actor, 'rights.ask', target);
}

/** The request, if the caller reads it; out of reach answers as one that does not exist (404). */
export async function findReadableRequest(context: AppContext, actor: Actor, id: number): Promise<RightsRequestRow> {
  const row = await findRequest(context.db, id);
  if (!row || !readsRequest(actor, row)) failNotFound(M.notFound);
  return row;
}

/** The request the caller acts on (`rights.answer`): 404 out of reach, 403 when it reads but may not act. */
export async function findActionableRequest(context: AppContext, actor: Actor, id: number): Promise<RightsRequestRow> {
  const row = await findReadableRequest(context, actor, id);
  if (!authorize(actor, 'rights.answer', targetOf(row))) failForbidden();
  return row;
}

/** What the caller may do with one request, from the table and where the request stands. */
export function permissionsOf(
  actor: Actor,
  row: RightsRequestRow,
  download: { state: string } | null,
): RightsPermissions {
  const target = targetOf(row);
  const acts = authorize(actor, 'rights.answer', target);
  return {
    act: acts && row.is_open === 1,
    prepare_download: acts && row.kind === 'access' && row.status !== 'closed',
    download: authorize(actor, 'rights.ask', target) && download?.state === 'ready',
  };
}

/** The download a client may take now: the latest one, unused, not replaced, before its end. */
export function isDownloadReady(row: RightsDownloadRow | undefined, now: Date): row is RightsDownloadRow {
  return (
    row !== undefined && row.used_at === null && row.replaced_at === null && Date.parse(row.expires_at) > now.getTime()
  );
}
