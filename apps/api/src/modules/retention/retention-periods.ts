import { parsePeriod } from '@portal/contract/compliance-periods';
import { indianDateOf, isoDateOf } from '@portal/contract/plain-dates';
import type { RetentionAnchor } from '@portal/contract/retention';

/**
 * When a class of record may go, for one financial year (docs/decisions/0046): its period in months from
 * its anchor. Dates are India's calendar days (`yyyy-mm-dd`); a record is kept through `held_until` and
 * purged the day after.
 */

/** The financial year (its first calendar year) an India date falls in: April to March. */
export function fyStartOfDate(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
}

/** The financial year of a work item: its period's, else its due date's. */
export function fyStartOfWork(item: { period: string | null; due_date: string }): number {
  const period = item.period ? parsePeriod(item.period) : null;
  return period ? period.fyStart : fyStartOfDate(item.due_date);
}

/** The financial year of a stored instant (an upload), by India's calendar. */
export const fyStartOfInstant = (at: string): number => fyStartOfDate(indianDateOf(new Date(at)));

/** `months` calendar months after a date, the day kept or the month's last day (31 Dec + 72 months = 31 Dec). */
export function addCalendarMonths(isoDate: string, months: number): string {
  const index = Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDateOf(year, month, Math.min(Number(isoDate.slice(8, 10)), lastDay));
}

/** The day an anchor falls on for records of the year starting `fyStart` (see RETENTION_ANCHOR_LABELS). */
export function anchorDay(
  anchor: RetentionAnchor,
  values: { fyStart: number; reportedOn: string | null; erasedOn: string },
): string {
  switch (anchor) {
    // GSTR-9 for a year is due on 31 December after it (CGST Act s.44 with CGST Rules rule 80(1)).
    case 'gst_annual_return':
      return isoDateOf(values.fyStart + 1, 12, 31);
    case 'tax_year_end':
      return isoDateOf(values.fyStart + 1, 3, 31);
    // The report's date when one is known; never before the year's end.
    case 'report_date': {
      const yearEnd = isoDateOf(values.fyStart + 1, 3, 31);
      return values.reportedOn && values.reportedOn > yearEnd ? values.reportedOn : yearEnd;
    }
    case 'relationship_end':
      return values.erasedOn;
  }
}

export function heldUntil(
  schedule: { anchor: RetentionAnchor; months: number },
  values: { fyStart: number; reportedOn: string | null; erasedOn: string },
): string {
  return addCalendarMonths(anchorDay(schedule.anchor, values), schedule.months);
}

/** `2025` -> `2025-26`. */
export const fyLabel = (fyStart: number): string => `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
