import fs from 'node:fs';
import { COMPLIANCE_AUTHORITIES } from '@portal/contract/compliance';
import { FREQUENCIES, parsePeriod } from '@portal/contract/compliance-periods';
import { findIndianState } from '@portal/contract/indian-states';
import { z } from 'zod';

/**
 * The statutory calendar the portal ships, `apps/api/data/compliance-rules.json`: one row per due date
 * with the notifications or sections it comes from, by period (`sources`; `source` is the one in force
 * for the latest periods). Read and checked here; the database holds the rules
 * the portal runs on (seeded from this file by migration 0020, then the admin's).
 */
const CALENDAR_URL = new URL('../../data/compliance-rules.json', import.meta.url);

const day = z.number().int().min(1).max(31);
const monthsAfter = z.number().int().min(0).max(12);
const periodOfYear = z.string().regex(/^(M(0[1-9]|1[0-2])|Q[1-4])$/);
const exceptionsSchema = z.array(
  z.strictObject({
    period_of_year: periodOfYear,
    due_day: day,
    months_after: monthsAfter,
  }),
);

const statutoryRuleSchema = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9_]{2,40}$/),
    form: z.string().min(1).max(40),
    name: z.string().min(1).max(200),
    authority: z.enum(COMPLIANCE_AUTHORITIES),
    frequency: z.enum(FREQUENCIES),
    due_day: day,
    months_after: monthsAfter,
    days_after_event: z.number().int().min(1).max(365).optional(),
    event_name: z.string().min(1).max(20).optional(),
    exceptions: exceptionsSchema.default([]),
    state_days: z.array(z.strictObject({ due_day: day, states: z.array(z.string().min(1)).min(1) })).default([]),
    first_period: z.string().max(12).optional(),
    every_years: z.number().int().min(2).max(10).optional(),
    periods_of_year: z.array(periodOfYear).default([]),
    // A state's own levy (professional tax): planned only for clients of these states; empty: all India.
    states: z
      .array(z.string().refine((name) => findIndianState(name) === name, 'a state by its canonical name'))
      .default([]),
    // The provision in force for a period: the first entry for every period before the second's month, ...
    sources: z
      .array(
        z.strictObject({
          from: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
            .optional(),
          source: z.string().min(10).max(500),
          // The date the law of these periods set, where it differs from the rule's (the latest law's).
          due_day: day.optional(),
          months_after: monthsAfter.optional(),
          exceptions: exceptionsSchema.optional(),
        }),
      )
      .min(1),
  })
  .refine((rule) => (rule.days_after_event === undefined) === (rule.event_name === undefined), {
    message: 'An event rule names its event and its days after it.',
  })
  .refine((rule) => rule.first_period === undefined || parsePeriod(rule.first_period)?.frequency === rule.frequency, {
    message: 'first_period is a period of the rule’s frequency.',
  })
  .refine(
    (rule) => rule.every_years === undefined || (rule.frequency === 'yearly' && rule.first_period !== undefined),
    {
      message: 'every_years counts yearly periods from first_period.',
    },
  )
  .refine(
    (rule) =>
      rule.sources.every(
        (entry) =>
          (entry.due_day === undefined) === (entry.months_after === undefined) &&
          (entry.due_day !== undefined || entry.exceptions === undefined),
      ),
    { message: 'sources: an entry with its own date gives due_day and months_after (and exceptions, if any).' },
  )
  .refine((rule) => rule.sources.at(-1)?.due_day === undefined, {
    message: 'sources: the last entry is the rule’s own date, the latest law’s.',
  })
  .refine(
    (rule) =>
      rule.sources.every((entry, index) =>
        index === 0 ? entry.from === undefined : (entry.from ?? '') > (rule.sources[index - 1]?.from ?? ''),
      ),
    { message: 'sources: the first entry has no from, the others a later month each.' },
  )
  .transform((rule) => ({ ...rule, source: (rule.sources.at(-1) as { source: string }).source }));

const calendarSchema = z.strictObject({ about: z.string(), rules: z.array(statutoryRuleSchema).min(1) });

export type StatutoryRule = z.output<typeof statutoryRuleSchema>;

/** Every rule of the shipped calendar, checked (a malformed file stops the migration, not a request). */
export function readStatutoryCalendar(): StatutoryRule[] {
  const { rules } = calendarSchema.parse(JSON.parse(fs.readFileSync(CALENDAR_URL, 'utf8')));
  const codes = new Set(rules.map((rule) => rule.code));
  if (codes.size !== rules.length) throw new Error('compliance-rules.json repeats a rule code');
  return rules;
}
