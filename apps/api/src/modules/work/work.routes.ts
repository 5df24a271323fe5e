import { COMPLIANCE_MESSAGES, COMPLIANCE_PATHS, calendarQuerySchema } from '@portal/contract/compliance';
import {
  WORK_MESSAGES,
  WORK_PATHS,
  workAssigneeSchema,
  workCalendarSchema,
  workCreateSchema,
  workIdParamsSchema,
  workItemAnswerSchema,
  workListQuerySchema,
  workPageSchema,
  workSummarySchema,
  workUpdateSchema,
  workVerifyAnswerSchema,
  workVerifySchema,
} from '@portal/contract/work';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { sendCsv } from '../../http/send-csv.js';
import { todayOf } from './work-access.js';
import { listAssignees, readItemAssignees } from './work-assignees.js';
import { CLIENT_COLUMNS, readWorkCsvRows, STAFF_COLUMNS } from './work-csv.js';
import { listWorkItems, readCalendar, readWorkForExport, readWorkItem } from './work-reads.service.js';
import { readReviewers } from './work-review.js';
import { summarizeWork } from './work-summary.service.js';
import { verifyWorkItems } from './work-verify.service.js';
import { createWorkItem, updateWorkItem } from './work-writes.service.js';

/** Work items, their CSV, the dashboards' summary and the calendar month view (docs/compliance-calendar.md). */
export function registerWorkRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    WORK_PATHS.list,
    {
      ability: 'work.list',
      querystring: workListQuerySchema,
      answer: workPageSchema,
      message: WORK_MESSAGES.listed,
    },
    (request, actor) => listWorkItems(context, actor, request.query),
  );

  // The list's filters, as CSV; streamed a batch at a time, whatever the number of rows.
  route.get(
    WORK_PATHS.export,
    {
      ability: 'work.list',
      querystring: workListQuerySchema,
      answer: fileAnswer('The list as CSV.', ['text/csv']),
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { page: _page, limit: _limit, ...filters } = request.query;
      const today = todayOf(context);
      const columns = actor.role === 'client' ? CLIENT_COLUMNS : STAFF_COLUMNS;
      return sendCsv(reply, {
        fileName: `work-${today}.csv`,
        header: columns.map((column) => column.header),
        rows: readWorkCsvRows(readWorkForExport(context, actor, filters), columns, today),
      });
    },
  );

  route.get(
    WORK_PATHS.summary,
    { ability: 'work.list', answer: workSummarySchema, message: WORK_MESSAGES.summary },
    (_request, actor) => summarizeWork(context, actor),
  );

  route.get(
    WORK_PATHS.assignees,
    { ability: 'work.create', answer: z.array(workAssigneeSchema), message: WORK_MESSAGES.assignees },
    (_request, actor) => listAssignees(context, actor),
  );

  route.post(
    WORK_PATHS.list,
    {
      ability: 'work.create',
      body: workCreateSchema,
      answer: workItemAnswerSchema,
      message: WORK_MESSAGES.created,
      created: true,
    },
    (request, actor) => createWorkItem(context, actor, request.body, request.ip),
  );

  route.get(
    '/work/:id',
    {
      ability: 'work.list',
      params: workIdParamsSchema,
      answer: workItemAnswerSchema,
      message: WORK_MESSAGES.fetched,
    },
    (request, actor) => readWorkItem(context, actor, request.params.id),
  );

  route.put(
    '/work/:id',
    {
      ability: 'work.list',
      params: workIdParamsSchema,
      body: workUpdateSchema,
      answer: workItemAnswerSchema,
      message: WORK_MESSAGES.saved,
    },
    (request, actor) => updateWorkItem(context, actor, request.params.id, request.body, request.ip),
  );

  route.get(
    '/work/:id/assignees',
    {
      ability: 'work.list',
      params: workIdParamsSchema,
      answer: z.array(workAssigneeSchema),
      message: WORK_MESSAGES.assignees,
    },
    (request, actor) => readItemAssignees(context, actor, request.params.id),
  );

  // Maker-checker: who may be named to review an item, and several items verified at once.
  route.get(
    '/work/:id/reviewers',
    {
      ability: 'work.list',
      params: workIdParamsSchema,
      answer: z.array(workAssigneeSchema),
      message: WORK_MESSAGES.reviewers,
    },
    (request, actor) => readReviewers(context, actor, request.params.id),
  );

  route.post(
    WORK_PATHS.verify,
    {
      ability: 'work.review',
      body: workVerifySchema,
      answer: workVerifyAnswerSchema,
      message: WORK_MESSAGES.verified,
    },
    (request, actor) => verifyWorkItems(context, actor, request.body, request.ip),
  );

  route.get(
    COMPLIANCE_PATHS.calendar,
    {
      ability: 'work.list',
      querystring: calendarQuerySchema,
      answer: workCalendarSchema,
      message: COMPLIANCE_MESSAGES.calendar,
    },
    (request, actor) => readCalendar(context, actor, request.query),
  );
}
