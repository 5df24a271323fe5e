import {
  RECURRING_MESSAGES,
  RECURRING_PATHS,
  recurringClientParamsSchema,
  recurringTaskCreateSchema,
  recurringTaskIdParamsSchema,
  recurringTaskSchema,
  recurringTaskUpdateSchema,
} from '@portal/contract/recurring';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { createRecurringTask, listRecurringTasks, updateRecurringTask } from './recurring-tasks.service.js';

/** Recurring non-statutory tasks of client services (docs/decisions/0033-recurring-tasks.md). */
export function registerRecurringTaskRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/clients/:id/recurring-tasks',
    {
      ability: 'recurring.list',
      schema: { params: recurringClientParamsSchema },
      answer: z.array(recurringTaskSchema),
    },
    async (request) =>
      presentSuccess(
        RECURRING_MESSAGES.listed,
        await listRecurringTasks(context, requireActor(request), request.params.id),
      ),
  );

  route.post(
    RECURRING_PATHS.list,
    { ability: 'recurring.manage', schema: { body: recurringTaskCreateSchema }, answer: recurringTaskSchema },
    async (request, reply) => {
      const task = await createRecurringTask(context, requireActor(request), request.body);
      return reply.code(201).send(presentSuccess(RECURRING_MESSAGES.created, task));
    },
  );

  route.put(
    '/recurring-tasks/:id',
    {
      ability: 'recurring.list',
      schema: { params: recurringTaskIdParamsSchema, body: recurringTaskUpdateSchema },
      answer: recurringTaskSchema,
    },
    async (request) =>
      presentSuccess(
        RECURRING_MESSAGES.saved,
        await updateRecurringTask(context, requireActor(request), request.params.id, request.body),
      ),
  );
}
