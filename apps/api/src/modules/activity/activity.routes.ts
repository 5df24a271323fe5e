import {
  AUDIT_MESSAGES,
  AUDIT_PATHS,
  auditFiltersSchema,
  auditListQuerySchema,
  auditPageSchema,
} from '@portal/contract/audit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { sendCsv } from '../../http/send-csv.js';
import { exportActivity, listActivity } from './activity.service.js';

/** The activity log, read only: there is no route that changes or removes an event. */
export function registerActivityRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    AUDIT_PATHS.list,
    { querystring: auditListQuerySchema, answer: auditPageSchema, message: AUDIT_MESSAGES.listed },
    (request, actor) => listActivity(context, actor, request.query),
  );

  route.get(
    AUDIT_PATHS.export,
    { querystring: auditFiltersSchema, answer: fileAnswer('The activity as CSV.', ['text/csv']) },
    async (request, reply) => {
      return sendCsv(reply, await exportActivity(context, requireActor(request), request.query, request.ip));
    },
  );
}
