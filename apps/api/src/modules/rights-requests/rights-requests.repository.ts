import { ROLE_ID } from '@portal/contract/roles';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { listHistoryOf } from '../../db/history-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, RightsDownloadsTable, RightsRequestEventsTable, RightsRequestsTable } from '../../db/schema.js';
import { countUpdatedRows, updatesAnyRow } from '../../db/updated-rows.js';

export type RightsRequestRow = Selectable<RightsRequestsTable> & {
  client_first_name: string;
  client_last_name: string;
};
export type RightsEventRow = Selectable<RightsRequestEventsTable> & {
  actor_first_name: string | null;
  actor_last_name: string | null;
};
export type RightsDownloadRow = Selectable<RightsDownloadsTable>;

function selectRequests(db: Kysely<DB>) {
  return db
    .selectFrom('rights_requests')
    .$call(joinPersonName('client', 'rights_requests.client_id', 'inner'))
    .selectAll('rights_requests');
}

export function insertRequest(db: Kysely<DB>, values: Insertable<RightsRequestsTable>): Promise<number> {
  return insertRow(db, 'rights_requests', values);
}

export function findRequest(db: Kysely<DB>, id: number): Promise<RightsRequestRow | undefined> {
  return selectRequests(db).where('rights_requests.id', '=', id).executeTakeFirst();
}

/**
 * Moves a request on only from the statuses given; whether it moved. The condition in the statement
 * itself makes two answers sent at once record one (the second finds it closed).
 */
export function updateRequestFrom(
  db: Kysely<DB>,
  id: number,
  from: readonly string[],
  values: Updateable<RightsRequestsTable>,
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('rights_requests')
      .set(values)
      .where('id', '=', id)
      .where('status', 'in', [...from]),
  );
}

export type QueuePage = {
  firmId: number;
  /** `open`: received or in progress; a status; or all of them. */
  status: { open: true } | { status: string } | { all: true };
  kind?: string;
  /** Open and due before this ISO date. */
  dueBefore?: string;
  direction: 'asc' | 'desc';
  after?: { dueDate: string; id: number };
  limit: number;
};

/**
 * A page of the firm's queue in (due_date, id) order, read in the index of its filter: open ones in
 * (firm, is_open, due_date, id), one status in (firm, status, due_date, id), all in (firm, due_date, id).
 */
export function listQueuePage(db: Kysely<DB>, page: QueuePage): Promise<RightsRequestRow[]> {
  let query = selectRequests(db).where('rights_requests.firm_id', '=', page.firmId);
  if ('open' in page.status) query = query.where('rights_requests.is_open', '=', 1);
  else if ('status' in page.status) query = query.where('rights_requests.status', '=', page.status.status);
  if (page.kind !== undefined) query = query.where('rights_requests.kind', '=', page.kind);
  if (page.dueBefore !== undefined) query = query.where('rights_requests.due_date', '<', page.dueBefore);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      isAfterCursor(eb, page.direction, ['rights_requests.due_date', after.dueDate], ['rights_requests.id', after.id]),
    );
  return query
    .orderBy('rights_requests.due_date', page.direction)
    .orderBy('rights_requests.id', page.direction)
    .limit(page.limit)
    .execute();
}

/** A page of one client's own requests, newest first, in (client_id, id). */
export function listClientPage(
  db: Kysely<DB>,
  clientId: number,
  page: { beforeId?: number; limit: number },
): Promise<RightsRequestRow[]> {
  let query = selectRequests(db).where('rights_requests.client_id', '=', clientId);
  if (page.beforeId !== undefined) query = query.where('rights_requests.id', '<', page.beforeId);
  return query.orderBy('rights_requests.id', 'desc').limit(page.limit).execute();
}

export async function insertEvent(db: Kysely<DB>, values: Insertable<RightsRequestEventsTable>): Promise<void> {
  await db.insertInto('rights_request_events').values(values).execute();
}

/** A request's history, oldest first. */
export function listEvents(db: Kysely<DB>, requestId: number): Promise<RightsEventRow[]> {
  const actor = { alias: 'actor', column: 'actor_id' } as const;
  return listHistoryOf(db, 'rights_request_events', { column: 'request_id', ids: [requestId] }, actor);
}

/** The latest download of each request (at most one is live: a newer one replaces the one before). */
export async function listLatestDownloads(
  db: Kysely<DB>,
  requestIds: number[],
): Promise<Map<number, RightsDownloadRow>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rights_downloads')
    .selectAll()
    .where('request_id', 'in', requestIds)
    .where('replaced_at', 'is', null)
    .orderBy('request_id')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.request_id, row]));
}

/** A new download of a request, ending the one before (same transaction). */
export async function insertDownload(
  db: Kysely<DB>,
  values: { requestId: number; preparedBy: number; at: string; expiresAt: string },
): Promise<void> {
  await db
    .updateTable('rights_downloads')
    .set({ replaced_at: values.at })
    .where('request_id', '=', values.requestId)
    .where('replaced_at', 'is', null)
    .execute();
  await db
    .insertInto('rights_downloads')
    .values({
      request_id: values.requestId,
      prepared_by: values.preparedBy,
      prepared_at: values.at,
      expires_at: values.expiresAt,
      token_hash: null,
      link_created_at: null,
      used_at: null,
      replaced_at: null,
    })
    .execute();
}

/**
 * Gives the download a new link token, only while it is unused, live and not past its end; whether it
 * did. A link asked for again replaces the one before (it was never followed).
 */
export function setDownloadToken(
  db: Kysely<DB>,
  downloadId: number,
  values: { tokenHash: string; at: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('rights_downloads')
      .set({ token_hash: values.tokenHash, link_created_at: values.at })
      .where('id', '=', downloadId)
      .where('used_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('expires_at', '>', values.at),
  );
}

export function findDownloadByHash(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('rights_downloads')
    .innerJoin('rights_requests', 'rights_requests.id', 'rights_downloads.request_id')
    .select([
      'rights_downloads.id',
      'rights_downloads.request_id',
      'rights_downloads.expires_at',
      'rights_downloads.used_at',
      'rights_downloads.replaced_at',
      'rights_requests.client_id',
      'rights_requests.firm_id',
      'rights_requests.status',
    ])
    .where('rights_downloads.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the download used, only if it was not and is still live: of two uses of one link at once, one
 * claims it in this statement and the other is refused.
 */
export function claimDownload(db: Kysely<DB>, downloadId: number, at: string): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('rights_downloads')
      .set({ used_at: at })
      .where('id', '=', downloadId)
      .where('used_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('expires_at', '>', at),
  );
}

/** Who handles a firm's data requests: its MPC, and its active PCs the MPC lets (users, read only here). */
export async function listHandlersOfFirm(db: Kysely<DB>, firmId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('id', '=', firmId), eb('role_id', '=', ROLE_ID.mpc)]),
        eb.and([eb('firm_id', '=', firmId), eb('role_id', '=', ROLE_ID.pc), eb('rights_granted', '=', 1)]),
      ]),
    )
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
}

/** A client's account as a request reads it: its firm, its mail address and name, whether it is active. */
export function findClientAccount(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'status', 'email', 'first_name', 'last_name', 'created_by'])
    .where('id', '=', clientId)
    .executeTakeFirst();
}

/** A person the MPC may allow to handle data requests: its firm's PC (its grant, read and written here). */
export function findPerson(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'created_by', 'rights_granted'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setRightsGranted(db: Kysely<DB>, userId: number, granted: boolean, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ rights_granted: granted ? 1 : 0, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Ends every access download of a client not yet taken (its erasure): the link names nothing any more. */
export function endDownloadsOfClient(db: Kysely<DB>, clientId: number, at: string): Promise<number> {
  return countUpdatedRows(
    db
      .updateTable('rights_downloads')
      .set({ replaced_at: at, token_hash: null })
      .where('used_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('request_id', 'in', (eb) =>
        eb.selectFrom('rights_requests').select('id').where('client_id', '=', clientId),
      ),
  );
}
