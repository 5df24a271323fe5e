import { inferRecordClass, type ServiceRecordClass } from '@portal/contract/retention';
import { type Kysely, type Selectable, sql } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

export type ServiceRow = Selectable<ServicesTable>;

/** The whole catalogue for selects: alphabetical, it is short by nature. */
export function listServicesByName(db: Kysely<DB>): Promise<ServiceRow[]> {
  return db.selectFrom('services').selectAll().orderBy(sql`lower(service_name)`).orderBy('id').execute();
}

export async function countServices(db: Kysely<DB>): Promise<number> {
  return countRows(db.selectFrom('services'));
}

/** Newest first; id breaks ties so pages never overlap. */
export function listServicesPage(db: Kysely<DB>, offset: number, limit: number): Promise<ServiceRow[]> {
  return db.selectFrom('services').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findServiceByName(db: Kysely<DB>, name: string): Promise<ServiceRow | undefined> {
  return db
    .selectFrom('services')
    .selectAll()
    .where(sql`lower(service_name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertService(
  db: Kysely<DB>,
  values: { name: string; sacCode?: string | null; createdBy: number; now: string },
): Promise<ServiceRow> {
  return db
    .insertInto('services')
    .values({
      service_name: values.name,
      sac_code: values.sacCode ?? null,
      record_class: inferRecordClass(values.name),
      created_by: values.createdBy,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateServiceName(
  db: Kysely<DB>,
  values: { id: number; name: string; sacCode?: string | null; now: string },
): Promise<ServiceRow | undefined> {
  return db
    .updateTable('services')
    .set({
      service_name: values.name,
      ...(values.sacCode !== undefined ? { sac_code: values.sacCode } : {}),
      updated_at: values.now,
    })
    .where('id', '=', values.id)
    .returningAll()
    .executeTakeFirst();
}

export async function listExistingServiceIds(db: Kysely<DB>, serviceIds: number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db.selectFrom('services').select('id').where('id', 'in', serviceIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** The class each service's records are kept under (retention, issue 25), by id. */
export async function listRecordClasses(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('services').select(['id', 'record_class']).execute();
  return new Map(rows.map((row) => [row.id, row.record_class]));
}

export function updateRecordClass(
  db: Kysely<DB>,
  values: { id: number; recordClass: ServiceRecordClass; now: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('services')
      .set({ record_class: values.recordClass, updated_at: values.now })
      .where('id', '=', values.id),
  );
}
