import {
  checklistServiceParamsSchema,
  checklistStepParamsSchema,
  checklistTemplateAnswerSchema,
  checklistTemplateSchema,
  checklistTickSchema,
  CHECKLIST_MESSAGES as M,
  workChecklistSchema,
} from '@portal/contract/checklists';
import { workIdParamsSchema } from '@portal/contract/work';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readChecklistTemplate, resetChecklistTemplate, saveChecklistTemplate } from './checklist-templates.service.js';
import { readWorkChecklist, tickWorkChecklistStep } from './work-checklists.service.js';

/** Checklist templates per service and each work item's checklist (docs/decisions/0030). */
export function registerChecklistRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const template = '/checklists/services/:service_id';

  route.get(
    template,
    {
      ability: 'checklists.template_read',
      params: checklistServiceParamsSchema,
      answer: checklistTemplateAnswerSchema,
      message: M.templateFetched,
    },
    (request, actor) => readChecklistTemplate(context, actor, request.params.service_id),
  );

  route.put(
    template,
    {
      ability: 'checklists.template',
      params: checklistServiceParamsSchema,
      body: checklistTemplateSchema,
      answer: checklistTemplateAnswerSchema,
      message: M.templateSaved,
    },
    (request, actor) => saveChecklistTemplate(context, actor, request.params.service_id, request.body),
  );

  route.delete(
    template,
    {
      ability: 'checklists.template',
      params: checklistServiceParamsSchema,
      answer: checklistTemplateAnswerSchema,
      message: M.templateReset,
    },
    (request, actor) => resetChecklistTemplate(context, actor, request.params.service_id),
  );

  route.get(
    '/work/:id/checklist',
    {
      ability: 'checklists.view',
      params: workIdParamsSchema,
      answer: workChecklistSchema,
      message: M.itemFetched,
    },
    (request, actor) => readWorkChecklist(context, actor, request.params.id),
  );

  route.put(
    '/work/:id/checklist/:step_id',
    {
      ability: 'checklists.tick',
      params: checklistStepParamsSchema,
      body: checklistTickSchema,
      answer: workChecklistSchema,
    },
    async (request) => {
      const { id, step_id } = request.params;
      const done = request.body.done;
      const answer = await tickWorkChecklistStep(context, requireActor(request), { workId: id, stepId: step_id }, done);
      return presentSuccess(done ? M.stepTicked : M.stepUnticked, answer);
    },
  );
}
