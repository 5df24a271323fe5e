import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';

/**
 * Whose events: the platform's, or one firm's (and within it, when reading a client's page, one client's).
 * A client's page may be narrower: file, folder and file-list events of some services only
 * (`serviceIds`), and none of the client's sign-in and account events (`withoutAccount`).
 */
export type AuditReadScope =
  | { platform: true }
  | { firmId: number; clientId?: number; serviceIds?: readonly number[]; withoutAccount?: boolean };

/** Events whose entity lies in one client service: a file, a folder, or the service's file list opened. */
const SERVICE_ENTITIES = ['file', 'folder', 'service'];

export type AuditRowFilters = {
  actorId?: number | undefined;
  clientId?: number | undefined;
  action?: string | undefined;
  /** From this instant on (ISO). */
  fromAt?: string | undefined;
  /** Before this instant (ISO). */
  toAt?: string | undefined;
  /** Older than this event (the last one of the previous page). */
  before?: { at: string; id: number } | undefined;
};

/** The log with the joins a scope's conditions read (a file's or folder's service). */
function fromLog(db: Kysely<DB>) {
  return db
    .selectFrom('audit_log')
    .leftJoin('files', (join) =>
      join.on('audit_log.entity_type', '=', 'file').onRef('files.id', '=', 'audit_log.entity_id'),
    )
    .leftJoin('folders', (join) =>
      join.on('audit_log.entity_type', '=', 'folder').onRef('folders.id', '=', 'audit_log.entity_id'),
    );
}
type LogQuery = ReturnType<typeof fromLog>;

/** The scope and the filters as conditions, the same for a page and its count. */
function whereShown<Q extends LogQuery>(query: Q, scope: AuditReadScope, filters: AuditRowFilters): Q {
  let narrowed = query as LogQuery;
  // A literal, not a parameter: the platform's partial indexes are only usable for `platform = 1` as written.
  if ('platform' in scope) narrowed = narrowed.where('audit_log.platform', '=', sql.lit(1));
  else {
    narrowed = narrowed.where('audit_log.firm_id', '=', scope.firmId);
    if (scope.clientId !== undefined) narrowed = narrowed.where('audit_log.client_id', '=', scope.clientId);
    const serviceIds = scope.serviceIds;
    if (serviceIds)
      narrowed = narrowed.where((eb) => {
        const outsideServices = eb.or([
          eb('audit_log.entity_type', 'is', null),
          eb('audit_log.entity_type', 'not in', SERVICE_ENTITIES),
        ]);
        if (serviceIds.length === 0) return outsideServices;
        // A removed file's or folder's service is no longer known: such an event stays out of a narrow page.
        const serviceOf = eb.fn.coalesce(
          'files.service_id',
          'folders.service_id',
          eb.case().when('audit_log.entity_type', '=', 'service').then(eb.ref('audit_log.entity_id')).end(),
        );
        return eb.or([outsideServices, eb(serviceOf, 'in', serviceIds)]);
      });
    if (scope.withoutAccount) narrowed = narrowed.where('audit_log.action', 'not like', 'auth.%');
  }
  if (filters.clientId !== undefined) narrowed = narrowed.where('audit_log.client_id', '=', filters.clientId);
  if (filters.actorId !== undefined) narrowed = narrowed.where('audit_log.actor_id', '=', filters.actorId);
  if (filters.action !== undefined) narrowed = narrowed.where('audit_log.action', '=', filters.action);
  if (filters.fromAt !== undefined) narrowed = narrowed.where('audit_log.created_at', '>=', filters.fromAt);
  if (filters.toAt !== undefined) narrowed = narrowed.where('audit_log.created_at', '<', filters.toAt);
  return narrowed as Q;
}

/** Every event the scope and filters show, counted through the same index range as a page reads. */
export async function countAuditEvents(db: Kysely<DB>, scope: AuditReadScope, filters: AuditRowFilters) {
  return countRows(whereShown(fromLog(db), scope, filters));
}

/**
 * A page of events, newest first, with the names they point at. Every filter is an equality or a range
 * on an index that starts with the scope (migration 0019), so a page reads its own rows in index order,
 * and the names come from primary-key lookups of those rows: one statement a page, whatever the log holds.
 * `offset` skips whole pages when a page is asked by number.
 */
export function listAuditEvents(
  db: Kysely<DB>,
  scope: AuditReadScope,
  filters: AuditRowFilters,
  limit: number,
  offset = 0,
) {
  let query = whereShown(
    fromLog(db)
      .$call(joinPersonName('actor', 'audit_log.actor_id'))
      .$call(joinPersonName('client', 'audit_log.client_id'))
      .leftJoin('users as target_user', (join) =>
        join.on('audit_log.entity_type', '=', 'user').onRef('target_user.id', '=', 'audit_log.entity_id'),
      )
      .leftJoin('services', (join) =>
        join.on('audit_log.entity_type', '=', 'service').onRef('services.id', '=', 'audit_log.entity_id'),
      )
      .leftJoin('family_members', (join) =>
        join.on('audit_log.entity_type', '=', 'family_member').onRef('family_members.id', '=', 'audit_log.entity_id'),
      )
      .leftJoin('compliance_rules', (join) =>
        join
          .on('audit_log.entity_type', '=', 'compliance_rule')
          .onRef('compliance_rules.id', '=', 'audit_log.entity_id'),
      )
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.entity_type',
        'audit_log.entity_id',
        'audit_log.ip',
        'audit_log.details',
        'audit_log.created_at',
        'audit_log.actor_id',
        'actor.role_id as actor_role_id',
        'audit_log.client_id',
        'target_user.first_name as target_first_name',
        'target_user.last_name as target_last_name',
        'files.file_name as target_file_name',
        'folders.folder_name as target_folder_name',
        'services.service_name as target_service_name',
        'family_members.member_name as target_member_name',
        'compliance_rules.form as target_rule_form',
      ]),
    scope,
    filters,
  );
  const before = filters.before;
  // Older than the cursor, written as a range on created_at (where the index range starts) and the id
  // for events of the same instant; both databases read it straight from the index.
  if (before)
    query = query
      .where('audit_log.created_at', '<=', before.at)
      .where((eb) => eb.or([eb('audit_log.created_at', '<', before.at), eb('audit_log.id', '<', before.id)]));
  query = query.orderBy('audit_log.created_at', 'desc').orderBy('audit_log.id', 'desc').limit(limit);
  return (offset > 0 ? query.offset(offset) : query).execute();
}

export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>[number];
