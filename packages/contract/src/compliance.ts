import { z } from 'zod';
import { emptyToUndefined } from './blank-input.js';
import { frequencySchema, parsePeriod } from './compliance-periods.js';
import { findIndianState, INDIAN_STATES } from './indian-states.js';
import { requireSomeField } from './partial-updates.js';
import { isIsoDate } from './plain-dates.js';
import { buildIdParamsSchema, MAX_ROW_ID, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/** The statutory calendar: its rules, their edits and extensions (docs/compliance-calendar.md). */
export const COMPLIANCE_MESSAGES = {
  listed: 'Compliance rules fetched successfully.',
  saved: 'Compliance rule saved.',
  extensionSaved: 'Extension recorded.',
  calendar: 'Calendar fetched successfully.',
  notFound: 'Compliance rule not found.',
  nothingToChange: SHARED_MESSAGES.nothingToChange,
  serviceInvalid: SHARED_MESSAGES.serviceInvalid,
  serviceNotFound: 'This service does not exist.',
  enabledInvalid: 'Enabled must be true or false.',
  nameRequired: 'Please enter the rule name.',
  nameTooLong: 'The name may not be longer than 200 characters.',
  dueDayInvalid: 'The due day must be a whole number from 1 to 31.',
  monthsAfterInvalid: 'Months after the period must be a whole number from 0 to 12.',
  daysAfterEventInvalid: 'Days after the event must be a whole number from 1 to 365.',
  daysAfterEventNotEvent: 'This rule is not counted from an event.',
  periodInvalid: 'Enter a period such as 2026-04, FY2026-27-Q1 or FY2026-27.',
  periodWrongKind: 'This rule is due once a {frequency}: enter a period of that kind.',
  dateInvalid: SHARED_MESSAGES.dateInvalid,
  noteTooLong: SHARED_MESSAGES.noteTooLong,
  stateUnknown: (name: string) => `"${name.slice(0, 60)}" is not a state or union territory of India.`,
  statesInvalid: 'Choose the states as a list of their names (at most 36), or none for all of India.',
  rangeInvalid: 'The end of the range may not be before its start.',
  rangeTooLong: 'A calendar shows at most 62 days at once.',
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  assigneeInvalid: SHARED_MESSAGES.assigneeInvalid,
} as const;

const M = COMPLIANCE_MESSAGES;

export const COMPLIANCE_AUTHORITIES = ['CBIC', 'CBDT', 'MCA', 'EPFO', 'ESIC', 'STATE'] as const;
export type ComplianceAuthority = (typeof COMPLIANCE_AUTHORITIES)[number];
export const complianceAuthoritySchema = z.enum(COMPLIANCE_AUTHORITIES);

export const ruleExceptionSchema = z.object({
  period_of_year: z.string(),
  due_day: z.number(),
  months_after: z.number(),
});
export type RuleException = z.infer<typeof ruleExceptionSchema>;
export const ruleStateDaysSchema = z.object({ due_day: z.number(), states: z.array(z.string()) });
export type RuleStateDays = z.infer<typeof ruleStateDaysSchema>;
/**
 * A rule's citation, in force for the periods whose first month is `from` or later; `due_day`,
 * `months_after` and `exceptions`, when given, are the date the law of those periods set (it differs
 * from the rule's own, the latest law's: the TCS statement's 15th under the 1962 Rules).
 */
export const ruleSourceSchema = z.object({
  from: z.string().optional(),
  source: z.string(),
  due_day: z.number().optional(),
  months_after: z.number().optional(),
  exceptions: z.array(ruleExceptionSchema).optional(),
});
export type RuleSource = z.infer<typeof ruleSourceSchema>;

/** One recorded government extension of a rule's due date, for one period; `states` empty: all of India. */
export const ruleExtensionAnswerSchema = z.object({
  period: z.string(),
  period_label: z.string(),
  due_date: z.string(),
  note: z.string().nullable(),
  states: z.array(z.string()),
});

/** One statutory due date (`GET /api/compliance/rules`). */
export const complianceRuleSchema = z.object({
  id: z.number(),
  code: z.string(),
  form: z.string(),
  name: z.string(),
  authority: complianceAuthoritySchema,
  frequency: frequencySchema,
  due_day: z.number(),
  months_after: z.number(),
  days_after_event: z.number().nullable(),
  event_name: z.string().nullable(),
  exceptions: z.array(ruleExceptionSchema),
  state_days: z.array(ruleStateDaysSchema),
  /** The citation in force for the latest periods (the last of `sources`). */
  source: z.string(),
  /** Each citation with the month (`yyyy-mm`) from which it serves a period (none: every earlier one). */
  sources: z.array(ruleSourceSchema),
  /** The first period the rule plans (null: every period). */
  first_period: z.string().nullable(),
  /** A yearly rule due every Nth year from `first_period` (DIR-3 KYC: 3). */
  every_years: z.number().nullable(),
  /** Only these months (`M04`) or quarters (`Q2`) of the year; empty: all. */
  periods_of_year: z.array(z.string()),
  /** The states whose clients the rule plans for (professional tax); empty: all of India. */
  states: z.array(z.string()),
  service_id: z.number().nullable(),
  service_name: z.string().nullable(),
  enabled: z.boolean(),
  extensions: z.array(ruleExtensionAnswerSchema),
  updated_at: z.string(),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;

/** A plain ISO date (`yyyy-mm-dd`), checked to be a real day. */
export const isoDateSchema = (message: string = M.dateInvalid) =>
  z.string({ error: message }).trim().refine(isIsoDate, message);

/** `PUT /api/compliance/rules/{id}`: the fields the admin may change, any of them. */
export const ruleUpdateSchema = requireSomeField(
  z.strictObject({
    service_id: z
      .union([buildWholeNumber(M.serviceInvalid, 1, MAX_ROW_ID), z.null()], { error: M.serviceInvalid })
      .optional(),
    enabled: z.boolean({ error: M.enabledInvalid }).optional(),
    name: buildRequiredText(M.nameRequired, M.nameTooLong, 200).optional(),
    due_day: buildWholeNumber(M.dueDayInvalid, 1, 31).optional(),
    months_after: buildWholeNumber(M.monthsAfterInvalid, 0, 12).optional(),
    days_after_event: buildWholeNumber(M.daysAfterEventInvalid, 1, 365).optional(),
  }),
  M.nothingToChange,
);
export type RuleUpdateInput = z.input<typeof ruleUpdateSchema>;

/** A period key the calendar knows (the rule's own kind is checked by the server). */
export const periodKeySchema = z
  .string({ error: M.periodInvalid })
  .trim()
  .max(12, M.periodInvalid)
  .refine((key) => parsePeriod(key) !== null, M.periodInvalid);

/** `POST /api/compliance/rules/{id}/extensions`: a new due date for one period; a later one replaces it. */
export const ruleExtensionSchema = z.strictObject({
  period: periodKeySchema,
  due_date: isoDateSchema(),
  note: z.string({ error: M.noteTooLong }).trim().max(200, M.noteTooLong).optional(),
  /** Only in these states or union territories (the notification names them); none: all of India. */
  states: z
    .array(z.string({ error: M.statesInvalid }).max(100, M.statesInvalid), { error: M.statesInvalid })
    .max(INDIAN_STATES.length, M.statesInvalid)
    .transform((names, ctx) => {
      const listed: string[] = [];
      for (const name of names) {
        const state = findIndianState(name);
        if (state === undefined) ctx.addIssue({ code: 'custom', message: M.stateUnknown(name) });
        else if (!listed.includes(state)) listed.push(state);
      }
      return listed;
    })
    .optional(),
});
export type RuleExtensionInput = z.input<typeof ruleExtensionSchema>;

export const ruleIdParamsSchema = buildIdParamsSchema(M.notFound);

/**
 * `GET /api/compliance/calendar?from=&to=`: a month view's days (at most 62), narrowed as the work list
 * is by client, service and assignee (a person's id, or `none`).
 */
export const calendarQuerySchema = z
  .object({
    from: isoDateSchema(),
    to: isoDateSchema(),
    client_id: z.preprocess(emptyToUndefined, rowIdSchema(M.clientInvalid).optional()),
    service_id: z.preprocess(emptyToUndefined, rowIdSchema(M.serviceInvalid).optional()),
    assignee_id: z.preprocess(
      emptyToUndefined,
      z.union([z.literal('none'), rowIdSchema(M.assigneeInvalid)], { error: M.assigneeInvalid }).optional(),
    ),
  })
  .refine((range) => range.to >= range.from, { message: M.rangeInvalid, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 61 * 86_400_000, {
    message: M.rangeTooLong,
    path: ['to'],
  });
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

export const COMPLIANCE_PATHS = {
  rules: '/compliance/rules',
  rule: (id: number | string) => `/compliance/rules/${id}`,
  extensions: (id: number | string) => `/compliance/rules/${id}/extensions`,
  calendar: '/compliance/calendar',
} as const;
