import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { FIRM_ROWID_SPAN, matchInFirm, quotePhrase } from '../../db/search-index.js';
import type { ClientServiceColumns, ReachPart } from '../../policy/client-service-reach.js';
import { containsPattern } from '../users/user-search.js';

/**
 * Files searched by name (docs/decisions/0057-file-search.md). A file's firm is its client's
 * (`file_client`, joined on every arm), so the one reading of reach applies to files as to work.
 */
export const FILE_COLUMNS: ClientServiceColumns = {
  firm: sql.ref<number | null>('file_client.firm_id'),
  client: sql.ref<number>('files.client_id'),
  service: sql.ref<number>('files.service_id'),
  clientRow: {
    createdBy: sql.ref<number | null>('file_client.created_by'),
    assignMode: sql.ref<number>('file_client.assign_service_type'),
  },
};

export type FileSearch = {
  /** The term as typed (three characters or more). */
  term: string;
  /** The caller's firm, whose files `files_search` keys in one rowid range (SQLite). */
  firmId: number | undefined;
  /** Only what is shared with the client: the client's own files outside its firm-only folders. */
  sharedOnly: { clientId: number | undefined } | null;
  clientId?: number;
  serviceId?: number;
  before?: number;
  /** Rows to read: the page and one more, to tell whether more follow. */
  take: number;
};

export type FileSearchRow = {
  id: number;
  file_name: string;
  size_bytes: number | string;
  mime_type: string;
  created_at: string;
  client_id: number;
  client_first_name: string;
  client_last_name: string;
  service_id: number;
  service_name: string;
  folder_id: number | null;
  folder_name: string | null;
};

type Condition = Expression<SqlBool>;

/**
 * One page of matches, newest first, in one statement: each part of the reach gives its newest `take`
 * matches (the firm's through the trigram index, a client's own or a few handed clients' by LIKE over
 * their files, as work's search, 0048), and the page is the newest `take` of them with where they are.
 */
export async function searchFilesByName(
  db: Kysely<DB>,
  dialect: DialectName,
  parts: ReachPart[],
  search: FileSearch,
): Promise<FileSearchRow[]> {
  if (parts.length === 0) return [];
  const arms = parts.map((part, index) => {
    const arm = readArm(db, dialect, part, search);
    return db.selectFrom(arm.as(`arm${index}`)).select(`arm${index}.id` as 'arm0.id');
  });
  const pageIds = arms.slice(1).reduce((union, arm) => union.unionAll(arm), arms[0] as (typeof arms)[number]);
  const query = db
    .selectFrom('files')
    .innerJoin('users as file_client', 'file_client.id', 'files.client_id')
    .innerJoin('services', 'services.id', 'files.service_id')
    .leftJoin('folders', 'folders.id', 'files.folder_id')
    .select([
      'files.id',
      'files.file_name',
      'files.size_bytes',
      'files.mime_type',
      'files.created_at',
      'files.client_id',
      'file_client.first_name as client_first_name',
      'file_client.last_name as client_last_name',
      'files.service_id',
      'services.service_name',
      'files.folder_id',
      'folders.folder_name',
    ])
    .where('files.id', 'in', pageIds)
    .orderBy('files.id', 'desc')
    .limit(search.take);
  const shared = search.sharedOnly;
  if (!shared) return (await query.execute()) as FileSearchRow[];
  // The client's firm-only folders and all below them (one recursive read of its folders), as the recent files do.
  return (await db
    .withRecursive('hidden(id)', (qb) =>
      qb
        .selectFrom('folders')
        .select('folders.id')
        .where('folders.visibility', '=', 'firm')
        .$if(shared.clientId !== undefined, (q) => q.where('folders.client_id', '=', shared.clientId as number))
        .unionAll((inner) =>
          inner.selectFrom('folders as below').innerJoin('hidden', 'hidden.id', 'below.parent_id').select('below.id'),
        ),
    )
    .selectFrom(query.as('found'))
    .selectAll('found')
    .orderBy('found.id', 'desc')
    .execute()) as FileSearchRow[];
}

/** What every arm checks of a file besides its name: in the part, not in the trash, seen, the narrowing, the cursor. */
function commonConditions(part: ReachPart, search: FileSearch) {
  return (eb: ExpressionBuilder<DB, 'files'>): Condition => {
    const conditions: Condition[] = [
      part.condition,
      eb('files.deleted_at', 'is', null),
      // Still one of the client's services: a service taken off the client keeps its files, which its
      // folder page no longer opens (404), so search must not name them either.
      eb.exists(
        eb
          .selectFrom('user_services')
          .select(sql.lit(1).as('one'))
          .whereRef('user_services.user_id', '=', 'files.client_id')
          .whereRef('user_services.service_id', '=', 'files.service_id'),
      ),
    ];
    if (search.clientId !== undefined) conditions.push(eb('files.client_id', '=', search.clientId));
    if (search.serviceId !== undefined) conditions.push(eb('files.service_id', '=', search.serviceId));
    if (search.before !== undefined) conditions.push(eb('files.id', '<', search.before));
    if (search.sharedOnly) {
      conditions.push(eb('files.visibility', '=', 'shared'));
      conditions.push(
        eb.or([
          eb('files.folder_id', 'is', null),
          eb('files.folder_id', 'not in', sql<number>`(select hidden.id from hidden)`),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

const fromFiles = (db: Kysely<DB>) =>
  db.selectFrom('files').innerJoin('users as file_client', 'file_client.id', 'files.client_id');

function readArm(db: Kysely<DB>, dialect: DialectName, part: ReachPart, search: FileSearch) {
  const text = search.term.toLowerCase();
  const where = commonConditions(part, search);
  const nameLike = sql<SqlBool>`lower(files.file_name) like ${containsPattern(text)} escape '\\'`;
  // One client's files (`files_client_order_index`), a client's own, or a few handed clients': LIKE over
  // their files, newest first until the page is full. PostgreSQL answers it from
  // `files_name_search_index (client_id, lower(file_name))`, the firm-wide search too (see the decision).
  // A term with letters beyond ASCII goes through the index even for one client: SQLite's lower() folds
  // ASCII alone, FTS5 every script ("école" finds "ÉCOLE").
  const oneClient = search.clientId !== undefined && /^[\x20-\x7e]*$/.test(text);
  if (part.kind !== 'firm' || search.firmId === undefined || oneClient || dialect === 'postgres')
    return fromFiles(db).select('files.id').where(nameLike).where(where).orderBy('files.id', 'desc').limit(search.take);
  const match = matchInFirm(`name : ${quotePhrase(text)}`, search.firmId);
  // The firm's matches newest first, straight from the index's rowid range (no sort), each file then read by key.
  const start = search.firmId * FIRM_ROWID_SPAN;
  const end = start + Math.min(search.before ?? FIRM_ROWID_SPAN, FIRM_ROWID_SPAN);
  return db
    .selectFrom(sql`files_search`.as('files_search'))
    .crossJoin('files')
    .crossJoin('users as file_client')
    .select('files.id')
    .where(sql<SqlBool>`files_search match ${match}`)
    .where(sql<SqlBool>`files_search.rowid >= ${start} and files_search.rowid < ${end}`)
    .where(sql<SqlBool>`files.id = files_search.rowid - ${start}`)
    .whereRef('file_client.id', '=', 'files.client_id')
    .where(where as never)
    .orderBy(sql`files_search.rowid`, 'desc')
    .limit(search.take);
}
