import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A new link of a request; the caller revoked the live one in the same transaction. */
export async function insertRequestLink(
  db: Kysely<DB>,
  values: {
    tokenHash: string;
    requestId: number;
    clientId: number;
    createdBy: number | null;
    at: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('request_links')
    .values({
      token_hash: values.tokenHash,
      request_id: values.requestId,
      client_id: values.clientId,
      created_by: values.createdBy,
      created_at: values.at,
      expires_at: values.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** Ends every link of a request not ended yet; answers how many it ended. */
export function revokeLinksOf(db: Kysely<DB>, requestId: number, at: string): Promise<number> {
  return revokeLiveLinks(db, at, (eb) => eb('request_id', '=', requestId));
}

/** Ends every live link of a firm's requests (the firm turned links off); answers how many it ended. */
export function revokeLinksOfFirm(db: Kysely<DB>, firmId: number, at: string): Promise<number> {
  return revokeLiveLinks(db, at, (eb) =>
    eb('request_id', 'in', eb.selectFrom('document_requests').select('id').where('firm_id', '=', firmId)),
  );
}

/** Ends the links not ended yet of the requests `ofRequests` picks; answers how many it ended. */
async function revokeLiveLinks(
  db: Kysely<DB>,
  at: string,
  ofRequests: (eb: ExpressionBuilder<DB, 'request_links'>) => Expression<SqlBool>,
): Promise<number> {
  const rows = await db
    .updateTable('request_links')
    .set({ revoked_at: at })
    .where('revoked_at', 'is', null)
    .where(ofRequests)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * A link by its token's hash, with everything its use is judged by (the request's state, its client's
 * account, the firm's setting is read apart) and what its page shows: the work's title, the service,
 * the firm's name (its MPC's firm name, else the MPC's name).
 */
export function findLinkByHash(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('request_links as link')
    .innerJoin('document_requests as request', 'request.id', 'link.request_id')
    .innerJoin('work_items as work', 'work.id', 'request.work_item_id')
    .innerJoin('services', 'services.id', 'request.service_id')
    .innerJoin('users as client', 'client.id', 'link.client_id')
    .leftJoin('users as firm', 'firm.id', 'request.firm_id')
    .select([
      'link.id as link_id',
      'link.request_id',
      'link.client_id',
      'link.expires_at',
      'link.revoked_at',
      'request.status as request_status',
      'request.client_id as request_client_id',
      'request.firm_id',
      'request.message',
      'request.due_date',
      'work.title',
      'services.service_name',
      'client.id as client_user_id',
      'client.role_id as client_role_id',
      'client.firm_id as client_firm_id',
      'client.status as client_status',
      'firm.firm_name',
      'firm.first_name as firm_first_name',
      'firm.last_name as firm_last_name',
    ])
    .where('link.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export type RequestLinkRow = NonNullable<Awaited<ReturnType<typeof findLinkByHash>>>;

/** The live links of some requests (at most one each): when each was made and ends. */
export function listLiveLinksOf(db: Kysely<DB>, requestIds: number[], now: string) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('request_links')
    .select(['request_id', 'created_at', 'expires_at'])
    .where('request_id', 'in', requestIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Whether a user's account is active (a request's client, before a link is sent to it). */
export async function isActiveClient(db: Kysely<DB>, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('status').where('id', '=', clientId).executeTakeFirst();
  return row?.status === 'active';
}
