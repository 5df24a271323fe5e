import {
  RETENTION_MESSAGES as M,
  MIN_LOG_MONTHS,
  type RecordClass,
  type RetentionAnchor,
  type RetentionClass,
  type RetentionClassSaveInput,
  type ServiceRecordClass,
  type ServiceRecordClassRow,
} from '@portal/contract/retention';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { listServiceCatalogue, setServiceRecordClass } from '../services/services.service.js';
import { listClassRows, type RetentionClassRow, updateClassRow } from './retention.repository.js';

const presentClass = (row: RetentionClassRow): RetentionClass => ({
  key: row.key as RecordClass,
  label: row.label,
  months: row.months,
  anchor: row.anchor as RetentionAnchor,
  source: row.source,
  pmla_only: row.pmla_only === 1,
  updated_at: row.updated_at,
});

/** `GET /api/retention/classes`: the schedule (the admin, and the MPCs whose clients it governs). */
export async function listSchedule(db: Kysely<DB>): Promise<RetentionClass[]> {
  return (await listClassRows(db)).map(presentClass);
}

/** The schedule by class, as erasure and the purge read it. */
export async function readScheduleByClass(db: Kysely<DB>): Promise<Map<string, RetentionClass>> {
  return new Map((await listSchedule(db)).map((row) => [row.key, row]));
}

/**
 * `PUT /api/retention/classes/:key` (the admin): a period and its source, when the law changes. Logs stay
 * at least a year (DPDP Rules 2025, rule 8(3)). Holds already placed keep their day: an erasure decided
 * under the old period is not reopened. Audited with the period before and after.
 */
export async function saveScheduleClass(
  context: AppContext,
  actor: Actor,
  key: RecordClass,
  input: RetentionClassSaveInput,
  ip: string,
): Promise<RetentionClass> {
  if (key === 'activity_logs' && input.months < MIN_LOG_MONTHS) failValidation('months', M.logMonthsTooFew);
  const at = context.clock.now();
  return context.db.transaction().execute(async (trx) => {
    const before = (await readScheduleByClass(trx)).get(key);
    if (!before) return failNotFound(M.classNotFound);
    await updateClassRow(trx, key, { months: input.months, source: input.source, by: actor.id, at: at.toISOString() });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'retention.class_saved',
      entityType: 'retention_class',
      ip,
      at,
      details: { class: key, months_before: before.months, months: input.months },
    });
    return { ...before, months: input.months, source: input.source, updated_at: at.toISOString() };
  });
}

/** `GET /api/retention/services` (the admin): each service of the catalogue with its record class. */
export async function listServiceClasses(db: Kysely<DB>): Promise<ServiceRecordClassRow[]> {
  return (await listServiceCatalogue(db)).map((row) => ({
    id: row.id,
    service_name: row.service_name,
    record_class: row.record_class as ServiceRecordClass,
  }));
}

/** `PUT /api/retention/services/:id` (the admin): the class the service's records are kept under. Audited. */
export async function saveServiceClass(
  context: AppContext,
  actor: Actor,
  serviceId: number,
  recordClass: ServiceRecordClass,
  ip: string,
): Promise<ServiceRecordClassRow> {
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    if (!(await setServiceRecordClass(trx, { id: serviceId, recordClass, now: at.toISOString() })))
      failNotFound(M.serviceNotFound);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'retention.service_class',
      entityType: 'service',
      entityId: serviceId,
      ip,
      at,
      details: { class: recordClass },
    });
  });
  const saved = (await listServiceClasses(context.db)).find((row) => row.id === serviceId);
  return saved ?? failNotFound(M.serviceNotFound);
}
