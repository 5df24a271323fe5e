import { type Expression, type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { compiledForIds } from '../../db/compiled-once.js';
import { countRows } from '../../db/count-rows.js';
import type { DialectName } from '../../db/database.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import { hasRowWith } from '../../db/row-exists.js';
import type { DB, DocumentRequestItemsTable, DocumentRequestsTable } from '../../db/schema.js';
import { selectWorkItems } from '../work/work-item-query.js';

/**
 * Requests with their work item, read as the work module reads an item (its client, service and who
 * handles it: what the access decision needs), plus the request's own columns and its creator.
 */
export function selectRequests(db: Kysely<DB>) {
  return selectWorkItems(db)
    .innerJoin('document_requests as request', 'request.work_item_id', 'work_items.id')
    .$call(joinPersonName('requester', 'request.created_by'))
    .select([
      'request.id as request_id',
      'request.message as request_message',
      'request.due_date as request_due_date',
      'request.status as request_status',
      'request.work_status_before as request_work_status_before',
      'request.reminders_sent as request_reminders_sent',
      'request.next_reminder_at as request_next_reminder_at',
      'request.created_by as request_created_by',
      'request.created_at as request_created_at',
      'request.closed_at as request_closed_at',
    ]);
}

export type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

/** The request, if its work item lies within `reach` (a check of one record is a list of one id). */
export function findRequestWithin(
  db: Kysely<DB>,
  requestId: number,
  reach: Expression<SqlBool>,
): Promise<RequestRow | undefined> {
  return selectRequests(db).where('request.id', '=', requestId).where(reach).executeTakeFirst();
}

/** A work item's requests, newest first (its page lists them all: a handful). */
export function listRequestsOfWork(db: Kysely<DB>, workId: number): Promise<RequestRow[]> {
  return selectRequests(db).where('request.work_item_id', '=', workId).orderBy('request.id', 'desc').execute();
}

export function insertRequest(db: Kysely<DB>, values: Insertable<DocumentRequestsTable>): Promise<number> {
  return insertRow(db, 'document_requests', values);
}

export async function insertRequestItems(db: Kysely<DB>, rows: Insertable<DocumentRequestItemsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('document_request_items').values(rows).execute();
}

export async function updateRequest(
  db: Kysely<DB>,
  requestId: number,
  values: Updateable<DocumentRequestsTable>,
): Promise<void> {
  await db.updateTable('document_requests').set(values).where('id', '=', requestId).execute();
}

/**
 * Holds an open request for the rest of the caller's transaction (PostgreSQL: its row lock; SQLite: the
 * write lock), so two reviews or uploads of one request never both decide it is (not) complete, and
 * answers it as it now is. Undefined: the request is no longer open.
 */
export function lockOpenRequest(db: Kysely<DB>, requestId: number, at: string) {
  return db
    .updateTable('document_requests')
    .set({ updated_at: at })
    .where('id', '=', requestId)
    .where('status', '=', 'open')
    .returning(['id', 'firm_id', 'client_id', 'reminders_sent', 'next_reminder_at'])
    .executeTakeFirst();
}

/** Holds a work item for the rest of the transaction (PostgreSQL; SQLite's writes are serialized anyway). */
export async function lockWorkItem(db: Kysely<DB>, dialect: DialectName, workId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from work_items where id = ${workId} for update`.execute(db);
}

/** The other open requests of a work item, oldest first. */
export function listOpenRequestsOfWork(db: Kysely<DB>, workId: number, except?: number) {
  let query = db
    .selectFrom('document_requests')
    .select(['id', 'work_status_before'])
    .where('work_item_id', '=', workId)
    .where('status', '=', 'open');
  if (except !== undefined) query = query.where('id', '!=', except);
  return query.orderBy('id').execute();
}

/** Closes every open request of a work item at once (the item was filed, completed or cancelled): those it closed. */
export function cancelOpenRequestsOfWork(
  db: Kysely<DB>,
  workId: number,
  by: { actorId: number | null; at: string },
): Promise<{ id: number; client_id: number }[]> {
  return db
    .updateTable('document_requests')
    .set({ status: 'cancelled', next_reminder_at: null, closed_at: by.at, closed_by: by.actorId, updated_at: by.at })
    .where('work_item_id', '=', workId)
    .where('status', '=', 'open')
    .returning(['id', 'client_id'])
    .execute();
}

// The two reads of every list's page (and every request's answer) are built and compiled once per length
// of their id list (compiledForIds): Kysely's building cost more than SQLite's reading (issue 26).

/** The documents of some requests, in checklist order, with who reviewed each. */
export const listItemsOf = compiledForIds((db, requestIds) =>
  db
    .selectFrom('document_request_items as item')
    .$call(joinPersonName('reviewer', 'item.reviewed_by'))
    .select([
      'item.id',
      'item.request_id',
      'item.position',
      'item.name',
      'item.status',
      'item.reason',
      'item.reviewed_by',
      'item.reviewed_at',
    ])
    .where('item.request_id', 'in', requestIds)
    .orderBy('item.request_id')
    .orderBy('item.position'),
);

export type RequestItemRow = Awaited<ReturnType<typeof listItemsOf>>[number];

/** The files uploaded against some documents, oldest first, with who uploaded each. */
export const listFilesOf = compiledForIds((db, itemIds) =>
  db
    .selectFrom('document_request_files as link')
    .innerJoin('files', 'files.id', 'link.file_id')
    .$call(joinPersonName('uploader', 'files.uploaded_by'))
    .select([
      'link.item_id',
      'files.id as file_id',
      'files.file_name',
      'files.size_bytes',
      'files.uploaded_by',
      'link.created_at',
    ])
    .where('link.item_id', 'in', itemIds)
    // A file in the trash is out of every list until it is restored (docs/decisions/0043).
    .where('files.deleted_at', 'is', null)
    .orderBy('link.item_id')
    .orderBy('link.id'),
);

export type RequestFileRow = Awaited<ReturnType<typeof listFilesOf>>[number];

export function findRequestItem(db: Kysely<DB>, requestId: number, itemId: number) {
  return db
    .selectFrom('document_request_items')
    .select(['id', 'request_id', 'name', 'status'])
    .where('id', '=', itemId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function updateRequestItem(
  db: Kysely<DB>,
  itemId: number,
  values: Updateable<DocumentRequestItemsTable>,
): Promise<void> {
  await db.updateTable('document_request_items').set(values).where('id', '=', itemId).execute();
}

/** How many documents of a request are not accepted yet. */
export async function countUnaccepted(db: Kysely<DB>, requestId: number): Promise<number> {
  return countRows(
    db.selectFrom('document_request_items').where('request_id', '=', requestId).where('status', '!=', 'accepted'),
  );
}

/** Links a file to a document once: an upload under the same name is a new version of the file linked already. */
/** Whether a file was given for this document already (a new upload of its name is its next version). */
export async function isFileOfItem(db: Kysely<DB>, itemId: number, fileId: number): Promise<boolean> {
  return hasRowWith(db, 'document_request_files', { item_id: itemId, file_id: fileId });
}

export async function linkFileToItem(db: Kysely<DB>, itemId: number, fileId: number, at: string): Promise<void> {
  if (!(await isFileOfItem(db, itemId, fileId)))
    await db
      .insertInto('document_request_files')
      .values({ item_id: itemId, file_id: fileId, created_at: at })
      .execute();
}

/**
 * The folder named `name` at the top level of a client service, made when missing: `on conflict do
 * nothing` against the sibling-name index, so two uploads at once find the same folder.
 */
/** A folder at the top of a client service by its name, whatever its case ("Apr 2026"). */
export function findTopFolder(db: Kysely<DB>, values: { clientId: number; serviceId: number; name: string }) {
  return (
    db
      .selectFrom('folders')
      .select('id')
      .where('client_id', '=', values.clientId)
      .where('service_id', '=', values.serviceId)
      .where('parent_id', 'is', null)
      .where(sql<string>`lower(folder_name)`, '=', values.name.toLowerCase())
      // What the client uploads is shared with it: never into a firm-only folder of the same name (0039).
      .where('visibility', '=', 'shared')
      // Never into a folder in the trash: a new one of its name is made beside it (0043).
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  );
}

export async function findOrCreateTopFolder(
  db: Kysely<DB>,
  values: { clientId: number; serviceId: number; name: string; createdBy: number; now: string },
): Promise<number> {
  const find = () => findTopFolder(db, values);
  const found = await find();
  if (found) return found.id;
  await db
    .insertInto('folders')
    .values({
      client_id: values.clientId,
      service_id: values.serviceId,
      parent_id: null,
      folder_name: values.name,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const made = await find();
  if (!made) throw new Error('the period folder could not be made');
  return made.id;
}

/** Every document request of a client, its items, links and mail log with it (its erasure, issue 25). */
export async function deleteRequestsOfClient(db: Kysely<DB>, clientId: number): Promise<number> {
  const result = await db.deleteFrom('document_requests').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
