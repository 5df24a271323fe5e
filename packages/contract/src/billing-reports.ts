import { z } from 'zod';
import { isoDateSchema } from './compliance.js';
import { parsePeriod } from './compliance-periods.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/**
 * Billing's reports (issue 23, docs/billing.md): CSV files of what the firm billed and collected, by
 * month, service or assignee, and of its outward supplies for its GSTR-1 return. Amounts in rupees with
 * two decimals, written from integer paise by integer arithmetic (never a float).
 */

export const REPORT_MESSAGES = {
  kindInvalid: 'Choose a report by month, by service or by assignee.',
  dateInvalid: SHARED_MESSAGES.dateInvalid,
  rangeInvalid: 'The end date may not be before the start date.',
  rangeTooLong: 'Choose at most three years at once.',
  periodInvalid: 'Enter a month such as 2026-04, or a quarter such as 2026-Q1 (January to March) or FY2026-27-Q1.',
  notRegular: 'Only a regular GST registration files GSTR-1: set the billing profile first.',
} as const;
const M = REPORT_MESSAGES;

/** Paise as rupees with two decimals, `-` before a negative amount: 123456 is "1234.56". */
export function formatPaiseAsRupees(paise: number): string {
  const whole = Math.abs(Math.trunc(paise));
  const rupees = (whole - (whole % 100)) / 100;
  return `${paise < 0 ? '-' : ''}${rupees}.${String(whole % 100).padStart(2, '0')}`;
}

export const REPORT_KINDS = ['by-month', 'by-service', 'by-assignee'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** `GET /api/billing/reports/{kind}.csv?from=&to=`: invoice dates from and to, India dates, both kept. */
export const reportParamsSchema = z.strictObject({ kind: z.enum(REPORT_KINDS, { error: M.kindInvalid }) });
export const reportQuerySchema = z
  .strictObject({ from: isoDateSchema(M.dateInvalid), to: isoDateSchema(M.dateInvalid) })
  .superRefine((range, context) => {
    if (range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: M.rangeInvalid });
    else if (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4)) > 3)
      context.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/**
 * A GSTR-1 return period as its first and last day: a month `2026-04`, or a calendar quarter `2026-Q1`
 * (January to March 2026: the QRMP scheme's quarters, which are calendar quarters of the financial year:
 * Q1 of 2026 is January to March 2026, the last quarter of FY 2025-26), or a quarter of a financial year
 * as the compliance calendar writes it, `FY2026-27-Q1` (April to June 2026). Null when not one.
 */
export function parseReturnPeriod(period: string): { from: string; to: string } | null {
  const pad = (value: number) => String(value).padStart(2, '0');
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const month = MONTH.exec(period);
  if (month) {
    const [year, index] = [Number(month[1]), Number(month[2])];
    return { from: `${year}-${pad(index)}-01`, to: `${year}-${pad(index)}-${lastDay(year, index)}` };
  }
  const quarter = QUARTER.exec(period);
  const financial = quarter ? null : parsePeriod(period);
  if (financial?.frequency === 'quarterly') {
    const { first, last } = financial;
    return {
      from: `${first.year}-${pad(first.month)}-01`,
      to: `${last.year}-${pad(last.month)}-${lastDay(last.year, last.month)}`,
    };
  }
  if (!quarter) return null;
  const [year, first] = [Number(quarter[1]), (Number(quarter[2]) - 1) * 3 + 1];
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${lastDay(year, first + 2)}` };
}

/** The GSTR-1 tables the export writes, one CSV each, as the offline tool's sheets name them. */
export const GSTR1_TABLES = ['b2b', 'b2cs', 'cdnr', 'hsn_b2b', 'hsn_b2c'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** `GET /api/billing/gstr1.csv?period=2026-04` (or `2026-Q1`), `&table=` one of `GSTR1_TABLES`. */
export const gstr1QuerySchema = z.strictObject({
  period: z
    .string({ error: M.periodInvalid })
    .trim()
    .refine((period) => parseReturnPeriod(period) !== null, M.periodInvalid),
  table: z.enum(GSTR1_TABLES).default('b2b'),
});
export type Gstr1Query = z.output<typeof gstr1QuerySchema>;

export const BILLING_REPORT_PATHS = {
  report: (kind: ReportKind) => `/billing/reports/${kind}.csv`,
  gstr1: '/billing/gstr1.csv',
} as const;
