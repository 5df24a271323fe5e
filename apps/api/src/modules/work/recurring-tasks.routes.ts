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
import { declareApiRoutes } from '../../http/api-routes.js';
import { createRecurringTask, listRecurringTasks, updateRecurringTask } from './recurring-tasks.service.js';

/** Recurring non-statutory tasks of client services (docs/decisions/0033-recurring-tasks.md). */
export function registerRecurringTaskRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/clients/:id/recurring-tasks',
    {
      ability: 'recurring.list',
      params: recurringClientParamsSchema,
      answer: z.array(recurringTaskSchema),
      message: RECURRING_MESSAGES.listed,
    },
    (request, actor) => listRecurringTasks(context, actor, request.params.id),
  );

  route.post(
    RECURRING_PATHS.list,
    {
      ability: 'recurring.manage',
      body: recurringTaskCreateSchema,
      answer: recurringTaskSchema,
      message: RECURRING_MESSAGES.created,
      created: true,
    },
    (request, actor) => createRecurringTask(context, actor, request.body),
  );

  route.put(
    '/recurring-tasks/:id',
    {
      ability: 'recurring.list',
      params: recurringTaskIdParamsSchema,
      body: recurringTaskUpdateSchema,
      answer: recurringTaskSchema,
      message: RECURRING_MESSAGES.saved,
    },
    (request, actor) => updateRecurringTask(context, actor, request.params.id, request.body),
  );
}
