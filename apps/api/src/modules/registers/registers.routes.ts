import {
  clientIdParamsSchema,
  cursorPageOf,
  custodyMoveSchema,
  dscCertificateSchema,
  dscIdParamsSchema,
  dscRegisterQuerySchema,
  dscSaveSchema,
  REGISTER_MESSAGES as M,
  REGISTER_PATHS,
  registerSummarySchema,
  udinRegisterQuerySchema,
  udinRowSchema,
} from '@portal/contract/registers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { listUdinRegister } from '../work/work-udin.js';
import {
  createCertificate,
  listClientCertificates,
  moveCustody,
  removeCertificate,
  saveCertificate,
} from './dsc.service.js';
import { listDscRegister, readRegisterSummary } from './registers.service.js';

/**
 * The DSC register and the UDIN register (docs/decisions/0032). A client's certificates answer 404 out
 * of reach and 403 to who sees but may not keep them (the access table's `dsc.*` rows).
 */
export function registerRegistersRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/clients/:id/dsc',
    { params: clientIdParamsSchema, answer: z.array(dscCertificateSchema), message: M.dscListed },
    (request, actor) => listClientCertificates(context, actor, request.params.id),
  );

  route.post(
    '/clients/:id/dsc',
    {
      params: clientIdParamsSchema,
      body: dscSaveSchema,
      answer: dscCertificateSchema,
      message: M.dscCreated,
      created: true,
    },
    (request, actor) => createCertificate(context, actor, request.params.id, request.body),
  );

  route.put(
    '/dsc/:id',
    { params: dscIdParamsSchema, body: dscSaveSchema, answer: dscCertificateSchema, message: M.dscUpdated },
    (request, actor) => saveCertificate(context, actor, request.params.id, request.body),
  );

  route.post(
    '/dsc/:id/custody',
    {
      params: dscIdParamsSchema,
      body: custodyMoveSchema,
      answer: dscCertificateSchema,
      message: M.custodyRecorded,
    },
    (request, actor) => moveCustody(context, actor, request.params.id, request.body),
  );

  route.delete('/dsc/:id', { params: dscIdParamsSchema, answer: z.null(), message: M.dscDeleted }, (request, actor) =>
    removeCertificate(context, actor, request.params.id),
  );

  route.get(
    REGISTER_PATHS.dscRegister,
    {
      ability: 'registers.read',
      querystring: dscRegisterQuerySchema,
      answer: cursorPageOf(dscCertificateSchema),
      message: M.dscListed,
    },
    (request, actor) => listDscRegister(context, actor, request.query),
  );

  route.get(
    REGISTER_PATHS.udinRegister,
    {
      ability: 'registers.read',
      querystring: udinRegisterQuerySchema,
      answer: cursorPageOf(udinRowSchema),
      message: M.udinListed,
    },
    (request, actor) => listUdinRegister(context, actor, request.query),
  );

  route.get(
    REGISTER_PATHS.summary,
    { ability: 'registers.read', answer: registerSummarySchema, message: M.summaryFetched },
    (_request, actor) => readRegisterSummary(context, actor),
  );
}
