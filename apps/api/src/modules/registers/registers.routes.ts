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
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
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
    { schema: { params: clientIdParamsSchema }, answer: z.array(dscCertificateSchema) },
    async (request) =>
      presentSuccess(M.dscListed, await listClientCertificates(context, requireActor(request), request.params.id)),
  );

  route.post(
    '/clients/:id/dsc',
    { schema: { params: clientIdParamsSchema, body: dscSaveSchema }, answer: dscCertificateSchema },
    async (request, reply) => {
      const created = await createCertificate(context, requireActor(request), request.params.id, request.body);
      return reply.code(201).send(presentSuccess(M.dscCreated, created));
    },
  );

  route.put(
    '/dsc/:id',
    { schema: { params: dscIdParamsSchema, body: dscSaveSchema }, answer: dscCertificateSchema },
    async (request) =>
      presentSuccess(
        M.dscUpdated,
        await saveCertificate(context, requireActor(request), request.params.id, request.body),
      ),
  );

  route.post(
    '/dsc/:id/custody',
    { schema: { params: dscIdParamsSchema, body: custodyMoveSchema }, answer: dscCertificateSchema },
    async (request) =>
      presentSuccess(
        M.custodyRecorded,
        await moveCustody(context, requireActor(request), request.params.id, request.body),
      ),
  );

  route.delete('/dsc/:id', { schema: { params: dscIdParamsSchema }, answer: z.null() }, async (request) => {
    await removeCertificate(context, requireActor(request), request.params.id);
    return presentSuccess(M.dscDeleted, null);
  });

  route.get(
    REGISTER_PATHS.dscRegister,
    {
      ability: 'registers.read',
      schema: { querystring: dscRegisterQuerySchema },
      answer: cursorPageOf(dscCertificateSchema),
    },
    async (request) =>
      presentSuccess(M.dscListed, await listDscRegister(context, requireActor(request), request.query)),
  );

  route.get(
    REGISTER_PATHS.udinRegister,
    {
      ability: 'registers.read',
      schema: { querystring: udinRegisterQuerySchema },
      answer: cursorPageOf(udinRowSchema),
    },
    async (request) =>
      presentSuccess(M.udinListed, await listUdinRegister(context, requireActor(request), request.query)),
  );

  route.get(REGISTER_PATHS.summary, { ability: 'registers.read', answer: registerSummarySchema }, async (request) =>
    presentSuccess(M.summaryFetched, await readRegisterSummary(context, requireActor(request))),
  );
}
