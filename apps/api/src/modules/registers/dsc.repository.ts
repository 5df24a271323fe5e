import { ROLE_ID } from '@portal/contract/roles';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { listHistoryOf } from '../../db/history-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import { deleteRowsWith, hasAnyRow } from '../../db/row-exists.js';
import type { DB, DscCertificatesTable, DscCustodyEventsTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';
import { userScopeCondition } from '../../policy/user-reach.js';
import type { UserScope } from '../../policy/user-scope.js';

export type CertificateRow = Selectable<DscCertificatesTable> & {
  client_first_name: string;
  client_last_name: string | null;
};
export type CustodyRow = Selectable<DscCustodyEventsTable> & {
  recorder_first_name: string | null;
  recorder_last_name: string | null;
};
type Values = Omit<Selectable<DscCertificatesTable>, 'id'>;

/** The clients of `scope` (the access table's `dsc.*` rows, read through the one SQL of user reach). */
const clientsWithin = (scope: UserScope) => (eb: ExpressionBuilder<DB, 'users'>) =>
  // Given the role, the reach leaves the role's own condition to the caller (user-reach.ts).
  eb.and([eb('users.role_id', '=', ROLE_ID.client), userScopeCondition(eb, scope, ROLE_ID.client)]);

function selectCertificates(db: Kysely<DB>) {
  return db
    .selectFrom('dsc_certificates')
    .innerJoin('users', 'users.id', 'dsc_certificates.client_id')
    .selectAll('dsc_certificates')
    .select(['users.first_name as client_first_name', 'users.last_name as client_last_name']);
}

/** The client, if it is one `scope` reaches. */
export async function isClientWithin(db: Kysely<DB>, clientId: number, scope: UserScope): Promise<boolean> {
  return hasAnyRow(db.selectFrom('users').where('users.id', '=', clientId).where(clientsWithin(scope)));
}

export function listCertificatesOfClient(db: Kysely<DB>, clientId: number): Promise<CertificateRow[]> {
  return selectCertificates(db)
    .where('dsc_certificates.client_id', '=', clientId)
    .orderBy('dsc_certificates.valid_until')
    .orderBy('dsc_certificates.id')
    .execute();
}

/** One certificate, if its client is within `scope`. */
export function findCertificateWithin(db: Kysely<DB>, id: number, scope: UserScope) {
  return selectCertificates(db)
    .where('dsc_certificates.id', '=', id)
    .where((eb) => clientsWithin(scope)(eb as unknown as ExpressionBuilder<DB, 'users'>))
    .executeTakeFirst();
}

export type ExpiryPage = { firmId: number; until?: string; after?: { validUntil: string; id: number }; limit: number };

/** The firm's certificates within `scope` by expiry then id, read in the (firm, valid_until, id) index. */
export function listCertificatesByExpiry(db: Kysely<DB>, scope: UserScope, page: ExpiryPage) {
  let query = selectCertificates(db)
    .where('dsc_certificates.firm_id', '=', page.firmId)
    .where((eb) => clientsWithin(scope)(eb as unknown as ExpressionBuilder<DB, 'users'>));
  if (page.until !== undefined) query = query.where('dsc_certificates.valid_until', '<=', page.until);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      isAfterCursor(eb, 'asc', ['dsc_certificates.valid_until', after.validUntil], ['dsc_certificates.id', after.id]),
    );
  return query.orderBy('dsc_certificates.valid_until').orderBy('dsc_certificates.id').limit(page.limit).execute();
}

/** How many of the firm's certificates within `scope` expire from `from` to `until`. */
export async function countCertificatesExpiring(
  db: Kysely<DB>,
  scope: UserScope,
  firmId: number,
  until: string,
): Promise<number> {
  return countRows(
    db
      .selectFrom('dsc_certificates')
      .innerJoin('users', 'users.id', 'dsc_certificates.client_id')
      .where('dsc_certificates.firm_id', '=', firmId)
      .where('dsc_certificates.valid_until', '<=', until)
      .where((eb) => clientsWithin(scope)(eb as unknown as ExpressionBuilder<DB, 'users'>)),
  );
}

export function insertCertificate(db: Kysely<DB>, values: Values): Promise<number> {
  return insertRow(db, 'dsc_certificates', values);
}

export async function updateCertificate(db: Kysely<DB>, id: number, values: Partial<Values>): Promise<void> {
  await db.updateTable('dsc_certificates').set(values).where('id', '=', id).execute();
}

/**
 * Moves the certificate's custody only if it is not there yet; whether it moved. The condition in the
 * statement itself makes two moves sent at once record one (the second finds it moved).
 */
export function moveCertificateCustody(
  db: Kysely<DB>,
  id: number,
  custody: string,
  updatedAt: string,
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('dsc_certificates')
      .set({ custody, updated_at: updatedAt })
      .where('id', '=', id)
      .where('custody', '!=', custody),
  );
}

export async function deleteCertificate(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('dsc_custody_events').where('certificate_id', '=', id).execute();
  await db.deleteFrom('dsc_certificates').where('id', '=', id).execute();
}

export async function insertCustodyEvent(
  db: Kysely<DB>,
  values: Omit<Selectable<DscCustodyEventsTable>, 'id'>,
): Promise<void> {
  await db.insertInto('dsc_custody_events').values(values).execute();
}

/** The custody moves of these certificates, oldest first. */
export function listCustodyEvents(db: Kysely<DB>, certificateIds: number[]): Promise<CustodyRow[]> {
  const recorder = { alias: 'recorder', column: 'recorded_by' } as const;
  return listHistoryOf(db, 'dsc_custody_events', { column: 'certificate_id', ids: certificateIds }, recorder);
}

/** A client's certificates, their custody history with them (its erasure, issue 25). */
export async function deleteCertificatesOfClient(db: Kysely<DB>, clientId: number): Promise<number> {
  return deleteRowsWith(db, 'dsc_certificates', { client_id: clientId });
}
