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
import { declareApiRoutes } from '../../http/api-routes.js';
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
      querystring: breachListQuerySchema,
      answer: breachPageOf(breachSummarySchema),
      message: M.listed,
    },
    (request, actor) => listBreachRegister(context, actor, request.query),
  );

  route.post(
    BREACH_PATHS.list,
    {
      ability: 'breach.record',
      body: breachSaveSchema,
      answer: breachEntrySchema,
      message: M.recorded,
      created: true,
    },
    (request, actor) => recordBreach(context, actor, request.body, request.ip),
  );

  route.get(
    '/breaches/:id',
    { ability: 'breach.view', params: breachIdParamsSchema, answer: breachEntrySchema, message: M.fetched },
    (request, actor) => readBreach(context, actor, request.params.id),
  );

  route.put(
    '/breaches/:id',
    {
      ability: 'breach.record',
      params: breachIdParamsSchema,
      body: breachSaveSchema,
      answer: breachEntrySchema,
      message: M.updated,
    },
    (request, actor) => saveBreach(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    '/breaches/:id/board-report',
    {
      ability: 'breach.record',
      params: breachIdParamsSchema,
      body: breachBoardReportSchema,
      answer: breachEntrySchema,
      message: M.boardReported,
    },
    (request, actor) => reportToBoard(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    '/breaches/:id/notices',
    {
      ability: 'breach.view',
      params: breachIdParamsSchema,
      querystring: breachNoticeQuerySchema,
      answer: breachPageOf(breachNoticeSchema),
      message: M.noticesListed,
    },
    (request, actor) => listBreachNotices(context, actor, request.params.id, request.query),
  );

  route.post(
    '/breaches/:id/notices',
    {
      ability: 'breach.notify',
      params: breachIdParamsSchema,
      answer: breachNoticesSentSchema,
      message: M.noticesSent,
    },
    (request, actor) => sendBreachNotices(context, actor, request.params.id, request.ip),
  );
}
