import {
  BREACH_PATHS,
  breachBoardReportSchema,
  breachEntrySchema,
  breachIdParamsSchema,
  breachListQuerySchema,
  breachNoticeQuerySchema,
  breachNoticeSchema,
  breachNoticesSentSchema,
  breachPageOf,
  breachSaveSchema,
  breachSummarySchema,
  BREACH_MESSAGES as M,
} from '@portal/contract/breaches';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { reportToBoard } from './breach-board.service.js';
import { listBreachNotices, sendBreachNotices } from './breach-notices.service.js';
import { listBreachRegister, readBreach, recordBreach, saveBreach } from './breaches.service.js';

/**
 * The breach register (issue 25, docs/decisions/0045): its keepers alone call these (403 for everyone
 * else); another register's entry answers 404. There is no route that deletes an entry.
 */
export function registerBreachRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    BREACH_PATHS.list,
    {
      ability: 'breach.view',
      schema: { querystring: breachListQuerySchema },
      answer: breachPageOf(breachSummarySchema),
    },
    async (request) =>
      presentSuccess(M.listed, await listBreachRegister(context, requireActor(request), request.query)),
  );

  route.post(
    BREACH_PATHS.list,
    { ability: 'breach.record', schema: { body: breachSaveSchema }, answer: breachEntrySchema },
    async (request, reply) => {
      const entry = await recordBreach(context, requireActor(request), request.body, request.ip);
      return reply.code(201).send(presentSuccess(M.recorded, entry));
    },
  );

  route.get(
    '/breaches/:id',
    { ability: 'breach.view', schema: { params: breachIdParamsSchema }, answer: breachEntrySchema },
    async (request) => presentSuccess(M.fetched, await readBreach(context, requireActor(request), request.params.id)),
  );

  route.put(
    '/breaches/:id',
    {
      ability: 'breach.record',
      schema: { params: breachIdParamsSchema, body: breachSaveSchema },
      answer: breachEntrySchema,
    },
    async (request) =>
      presentSuccess(
        M.updated,
        await saveBreach(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.post(
    '/breaches/:id/board-report',
    {
      ability: 'breach.record',
      schema: { params: breachIdParamsSchema, body: breachBoardReportSchema },
      answer: breachEntrySchema,
    },
    async (request) =>
      presentSuccess(
        M.boardReported,
        await reportToBoard(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.get(
    '/breaches/:id/notices',
    {
      ability: 'breach.view',
      schema: { params: breachIdParamsSchema, querystring: breachNoticeQuerySchema },
      answer: breachPageOf(breachNoticeSchema),
    },
    async (request) =>
      presentSuccess(
        M.noticesListed,
        await listBreachNotices(context, requireActor(request), request.params.id, request.query),
      ),
  );

  route.post(
    '/breaches/:id/notices',
    { ability: 'breach.notify', schema: { params: breachIdParamsSchema }, answer: breachNoticesSentSchema },
    async (request) =>
      presentSuccess(
        M.noticesSent,
        await sendBreachNotices(context, requireActor(request), request.params.id, request.ip),
      ),
  );
}
