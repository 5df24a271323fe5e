import { z } from 'zod';
import { personRefSchema } from './person-ref.js';
import { rowIdSchema } from './row-ids.js';
import { buildRequiredText } from './text-fields.js';

/**
 * Checklists per service (issue 22, docs/decisions/0030): the admin keeps the platform's template per
 * catalogue service, an MPC may keep its firm's own; each new work item copies the template in force
 * for its firm and service, and staff tick its steps. The client never sees them.
 */
export const CHECKLIST_MAX_STEPS = 30;
export const CHECKLIST_STEP_MAX = 200;

export const CHECKLIST_MESSAGES = {
  templateFetched: 'Checklist fetched successfully.',
  templateSaved: 'Checklist saved. New work items of this service get it.',
  templateReset: "The firm now uses the platform's checklist for this service.",
  itemFetched: 'Checklist fetched successfully.',
  stepTicked: 'Step ticked.',
  stepUnticked: 'Step unticked.',
  serviceNotFound: 'Service not found.',
  stepNotFound: 'This step is not part of the checklist.',
  stepsTooMany: `A checklist may have at most ${CHECKLIST_MAX_STEPS} steps.`,
  stepRequired: 'Write the step, or remove it.',
  stepTooLong: `A step may not be longer than ${CHECKLIST_STEP_MAX} characters.`,
  stepsRepeated: 'Each step may be written only once.',
  doneInvalid: 'Choose done or not done.',
  /** `PUT /api/work/:id` to filed or completed while the firm asks for a finished checklist. */
  stepsOpen: (open: number) =>
    `${open} checklist ${open === 1 ? 'step is' : 'steps are'} still open. Tick ${open === 1 ? 'it' : 'them'} before the item is filed or completed.`,
} as const;
const M = CHECKLIST_MESSAGES;

const stepLabelSchema = buildRequiredText(M.stepRequired, M.stepTooLong, CHECKLIST_STEP_MAX);

/** `PUT /api/checklists/services/:service_id`: the steps in order (none: the service has no checklist). */
export const checklistTemplateSchema = z.strictObject({
  steps: z
    .array(stepLabelSchema, { error: M.stepRequired })
    .max(CHECKLIST_MAX_STEPS, M.stepsTooMany)
    .refine((steps) => new Set(steps.map((step) => step.toLowerCase())).size === steps.length, M.stepsRepeated),
});
export type ChecklistTemplateInput = z.input<typeof checklistTemplateSchema>;

/** `PUT /api/work/:id/checklist/:step_id`: tick or untick one step. */
export const checklistTickSchema = z.strictObject({
  done: z.boolean({ error: M.doneInvalid }),
});
export type ChecklistTickInput = z.input<typeof checklistTickSchema>;

export const checklistServiceParamsSchema = z.object({ service_id: rowIdSchema(M.serviceNotFound) });
export const checklistStepParamsSchema = z.object({
  id: rowIdSchema('Work item not found.'),
  step_id: rowIdSchema(M.stepNotFound),
});

/** Whose template is in force: the platform's (the admin's, every firm's default) or the firm's own. */
export const checklistSourceSchema = z.enum(['platform', 'firm']);

export const checklistTemplateAnswerSchema = z.object({
  service_id: z.number(),
  /** For the admin always `platform`; for a firm, its own when it keeps one. */
  source: checklistSourceSchema,
  steps: z.array(z.string()),
  /** The platform's steps, beside a firm's own (so the MPC sees what "use the platform's" gives back). */
  platform_steps: z.array(z.string()),
  updated_at: z.string().nullable(),
  /** `manage`: the caller may change this template (the admin the platform's, an MPC its firm's). */
  permissions: z.object({ manage: z.boolean() }),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateAnswerSchema>;

export const checklistStepSchema = z.object({
  id: z.number(),
  label: z.string(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: personRefSchema.nullable(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

export const workChecklistSchema = z.object({
  work_item_id: z.number(),
  steps: z.array(checklistStepSchema),
  done: z.number(),
  total: z.number(),
  /** `tick`: the caller may tick and untick its steps (who may edit the item). */
  permissions: z.object({ tick: z.boolean() }),
});
export type WorkChecklist = z.infer<typeof workChecklistSchema>;

export const CHECKLIST_PATHS = {
  template: (serviceId: number | string) => `/checklists/services/${serviceId}`,
  ofWork: (workId: number | string) => `/work/${workId}/checklist`,
  step: (workId: number | string, stepId: number | string) => `/work/${workId}/checklist/${stepId}`,
} as const;
