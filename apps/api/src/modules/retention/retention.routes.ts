import { clientIdParamsSchema } from '@portal/contract/registers';
import {
  erasurePlanSchema,
  erasureSchema,
  legalHoldPlaceSchema,
  legalHoldReleaseSchema,
  legalHoldStateSchema,
  RETENTION_MESSAGES as M,
  RETENTION_PATHS,
  retentionClassParamsSchema,
  retentionClassSaveSchema,
  retentionClassSchema,
  serviceRecordClassRowSchema,
  serviceRecordClassSchema,
} from '@portal/contract/retention';
import { rowIdSchema } from '@portal/contract/row-ids';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { eraseClient, previewErasure } from './client-erasure.service.js';
import { placeLegalHold, readLegalHold, releaseLegalHold } from './legal-holds.service.js';
import { listSchedule, listServiceClasses, saveScheduleClass, saveServiceClass } from './retention-schedule.service.js';

const serviceParamsSchema = z.object({ id: rowIdSchema(M.serviceNotFound) });

/**
 * Retention (issue 25, docs/decisions/0046): the schedule (read by the admin and the MPCs, changed by the
 * admin), a client's legal hold and its erasure (its firm's MPC: another firm's client answers 404, a
 * client of the firm the caller may not erase 403).
 */
export function registerRetentionRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    RETENTION_PATHS.classes,
    { ability: 'retention.view', answer: z.array(retentionClassSchema), message: M.classesListed },
    () => listSchedule(context.db),
  );
  route.put(
    '/retention/classes/:key',
    {
      ability: 'retention.edit',
      params: retentionClassParamsSchema,
      body: retentionClassSaveSchema,
      answer: retentionClassSchema,
      message: M.classSaved,
    },
    (request, actor) => saveScheduleClass(context, actor, request.params.key, request.body, request.ip),
  );
  route.get(
    RETENTION_PATHS.services,
    { ability: 'retention.edit', answer: z.array(serviceRecordClassRowSchema), message: M.servicesListed },
    () => listServiceClasses(context.db),
  );
  route.put(
    '/retention/services/:id',
    {
      ability: 'retention.edit',
      params: serviceParamsSchema,
      body: serviceRecordClassSchema,
      answer: serviceRecordClassRowSchema,
      message: M.serviceSaved,
    },
    (request, actor) => saveServiceClass(context, actor, request.params.id, request.body.record_class, request.ip),
  );

  route.get(
    '/clients/:id/legal-hold',
    {
      ability: 'client.hold',
      params: clientIdParamsSchema,
      answer: legalHoldStateSchema,
      message: M.holdFetched,
    },
    (request, actor) => readLegalHold(context, actor, request.params.id),
  );
  route.post(
    '/clients/:id/legal-hold',
    {
      ability: 'client.hold',
      params: clientIdParamsSchema,
      body: legalHoldPlaceSchema,
      answer: legalHoldStateSchema,
      message: M.holdPlaced,
    },
    (request, actor) => placeLegalHold(context, actor, request.params.id, request.body, request.ip),
  );
  route.post(
    '/clients/:id/legal-hold/release',
    {
      ability: 'client.hold',
      params: clientIdParamsSchema,
      body: legalHoldReleaseSchema,
      answer: legalHoldStateSchema,
      message: M.holdReleased,
    },
    (request, actor) => releaseLegalHold(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    '/clients/:id/erasure',
    {
      ability: 'client.erase',
      params: clientIdParamsSchema,
      answer: erasurePlanSchema,
      message: M.erasurePreviewed,
    },
    (request, actor) => previewErasure(context, actor, request.params.id),
  );
  route.post(
    '/clients/:id/erasure',
    {
      ability: 'client.erase',
      params: clientIdParamsSchema,
      body: erasureSchema,
      answer: erasurePlanSchema,
      message: M.erased,
    },
    (request, actor) => eraseClient(context, actor, request.params.id, request.body, request.ip),
  );
}
