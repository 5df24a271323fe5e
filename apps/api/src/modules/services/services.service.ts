import type { Paged } from '@portal/contract/envelope';
import type { PageQuery } from '@portal/contract/paging';
import type { ServiceRecordClass } from '@portal/contract/retention';
import { SERVICE_MESSAGES, type Service, type ServiceSave } from '@portal/contract/services';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { readPage } from '../../http/paged.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentService } from './service.presenter.js';
import {
  countServices,
  findServiceByName,
  insertService,
  listExistingServiceIds,
  listRecordClasses,
  listServicesByName,
  listServicesPage,
  type ServiceRow,
  updateRecordClass,
  updateServiceName,
} from './services.repository.js';

type SavedService = { service: ServiceRow; created: boolean };

/** Creates a service, or renames one when `service_id` is given; names are unique in any case. */
export async function saveService(
  context: AppContext,
  actor: Actor,
  input: ServiceSave,
  ip: string,
): Promise<SavedService> {
  const now = context.clock.now();
  try {
    return await context.db.transaction().execute(async (trx) => {
      const clash = await findServiceByName(trx, input.service_name);
      if (clash && clash.id !== input.service_id) failValidation('service_name', SERVICE_MESSAGES.nameTaken);

      if (input.service_id === undefined) {
        const service = await insertService(trx, {
          name: input.service_name,
          sacCode: input.sac_code,
          createdBy: actor.id,
          now: now.toISOString(),
        });
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'service.create',
          entityType: 'service',
          entityId: service.id,
          ip,
          at: now,
        });
        return { service, created: true };
      }
      const service = await updateServiceName(trx, {
        id: input.service_id,
        name: input.service_name,
        sacCode: input.sac_code,
        now: now.toISOString(),
      });
      if (!service) failNotFound(SERVICE_MESSAGES.notFound);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'service.update',
        entityType: 'service',
        entityId: service.id,
        ip,
        at: now,
      });
      return { service, created: false };
    });
  } catch (error) {
    // Two admins saving the same name at once: the unique index decides, the caller sees a field error.
    if (isUniqueViolation(error)) failValidation('service_name', SERVICE_MESSAGES.nameTaken);
    throw error;
  }
}

export function listServices(context: AppContext, query: PageQuery): Promise<Paged<Service>> {
  return readPage(
    query,
    () => countServices(context.db),
    (offset, limit) => listServicesPage(context.db, offset, limit),
    presentService,
  );
}

/** The whole catalogue for selects and CSV columns: alphabetical, it is short by nature. */
export function listServiceCatalogue(db: Kysely<DB>): Promise<ServiceRow[]> {
  return listServicesByName(db);
}

/** Which of these catalogue ids exist (a client's form names them). */
export function findExistingServiceIds(db: Kysely<DB>, serviceIds: number[]): Promise<Set<number>> {
  return listExistingServiceIds(db, serviceIds);
}

/** The catalogue service of this name (any case), or a new one: demo data, seeded by no one. */
export async function findOrInsertServiceByName(
  db: Kysely<DB>,
  values: { name: string; createdBy: number; now: string },
): Promise<ServiceRow> {
  return (await findServiceByName(db, values.name)) ?? insertService(db, values);
}

/** The retention class of each service's records, by id (the `retention` module's erasure and purge). */
export function listServiceRecordClasses(db: Kysely<DB>): Promise<Map<number, string>> {
  return listRecordClasses(db);
}

/** The admin puts a service's records in a retention class (the `retention` module authorises and audits). */
export function setServiceRecordClass(
  db: Kysely<DB>,
  values: { id: number; recordClass: ServiceRecordClass; now: string },
): Promise<boolean> {
  return updateRecordClass(db, values);
}
