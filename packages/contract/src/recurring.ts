import { z } from 'zod';
import { serviceRefFields } from './answer-field-groups.js';
import { FREQUENCIES, type Frequency, frequencySchema } from './compliance-periods.js';
import { buildIdParamsSchema, jsonRowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Recurring non-statutory work (issue 22, docs/decisions/0033): a task the MPC defines for a client
 * service, planned like the calendar's items, one work item per period titled "<title> · <period>".
 */
export const RECURRING_CADENCES = FREQUENCIES;
export type RecurringCadence = Frequency;
export const recurringCadenceSchema = frequencySchema;
export const RECURRING_CADENCE_LABELS: Record<RecurringCadence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const RECURRING_MESSAGES = {
  listed: 'Recurring tasks fetched successfully.',
  created: 'Recurring task added.',
  saved: 'Recurring task saved.',
  notFound: 'Recurring task not found.',
  clientNotFound: 'Select a client you handle.',
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  serviceInvalid: SHARED_MESSAGES.serviceInvalid,
  serviceNotOfClient: "This service is not one of the client's services.",
  titleRequired: SHARED_MESSAGES.titleRequired,
  titleTooLong: 'The title may not be longer than 150 characters.',
  cadenceInvalid: 'Choose monthly, quarterly or yearly.',
  dueDayInvalid: 'The due day is a day of the month, 1 to 31.',
  monthsAfterInvalid: 'Months after is a whole number from 0 to 12.',
  monthInvalid: 'Enter a month as yyyy-mm.',
  endBeforeStart: 'The last month may not be before the first.',
  activeInvalid: 'Active is true or false.',
  idInvalid: SHARED_MESSAGES.idInvalid,
  nothingToChange: SHARED_MESSAGES.nothingToChange,
} as const;
const M = RECURRING_MESSAGES;

/** A calendar month as `yyyy-mm`: the task plans the periods of its cadence from the one holding it. */
const monthSchema = z
  .string({ error: M.monthInvalid })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.monthInvalid);
const title = buildRequiredText(M.titleRequired, M.titleTooLong, 150);
const dueDay = buildWholeNumber(M.dueDayInvalid, 1, 31);
const monthsAfter = buildWholeNumber(M.monthsAfterInvalid, 0, 12);
const endsMonth = z.union([monthSchema, z.null()]);

/** `POST /api/recurring-tasks`: due on `due_day` of the period's last month, or `months_after` it. */
export const recurringTaskCreateSchema = z
  .strictObject({
    client_id: jsonRowIdSchema(M.clientInvalid),
    service_id: jsonRowIdSchema(M.serviceInvalid),
    title,
    cadence: z.enum(RECURRING_CADENCES, { error: M.cadenceInvalid }),
    due_day: dueDay,
    months_after: monthsAfter,
    starts_month: monthSchema,
    ends_month: endsMonth.optional(),
  })
  .refine((task) => !task.ends_month || task.ends_month >= task.starts_month, {
    message: M.endBeforeStart,
    path: ['ends_month'],
  });
export type RecurringTaskCreateInput = z.input<typeof recurringTaskCreateSchema>;

/**
 * `PUT /api/recurring-tasks/{id}`: pause or resume (`active`), end (`ends_month`), or change the title or
 * due-date rule for periods not planned yet. The cadence and service stay: another cadence is another task.
 */
export const recurringTaskUpdateSchema = z
  .strictObject({
    title: title.optional(),
    due_day: dueDay.optional(),
    months_after: monthsAfter.optional(),
    ends_month: endsMonth.optional(),
    active: z.boolean({ error: M.activeInvalid }).optional(),
  })
  .refine((change) => Object.keys(change).length > 0, { message: M.nothingToChange });
export type RecurringTaskUpdateInput = z.input<typeof recurringTaskUpdateSchema>;

export const recurringTaskIdParamsSchema = buildIdParamsSchema(M.idInvalid);
export const recurringClientParamsSchema = buildIdParamsSchema(M.clientInvalid);

export const recurringTaskSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  ...serviceRefFields,
  title: z.string(),
  cadence: recurringCadenceSchema,
  due_day: z.number(),
  months_after: z.number(),
  /** The first and last period planned (keys of compliance-periods), and how people name them. */
  starts_on: z.string(),
  starts_label: z.string(),
  ends_on: z.string().nullable(),
  ends_label: z.string().nullable(),
  active: z.boolean(),
  /** Due date (ISO) of the next open item planned from it, if any. */
  next_due_date: z.string().nullable(),
  permissions: z.object({ manage: z.boolean() }),
});
export type RecurringTask = z.infer<typeof recurringTaskSchema>;

export const RECURRING_PATHS = {
  ofClient: (clientId: number | string) => `/clients/${clientId}/recurring-tasks`,
  list: '/recurring-tasks',
  item: (taskId: number | string) => `/recurring-tasks/${taskId}`,
} as const;
