import { z } from 'zod';
/**
 * The periods a statutory due date is for, in Indian financial years (April to March). A period is
 * written as a key that sorts and reads unambiguously: a month `2026-04`, a quarter of a financial year
 * `FY2026-27-Q1` (April-June), a financial year `FY2026-27`. docs/compliance-calendar.md
 */
export const FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const frequencySchema = z.enum(FREQUENCIES);

export type Period = {
  key: string;
  frequency: Frequency;
  /** The calendar year the period's financial year starts in (FY 2026-27: 2026). */
  fyStart: number;
  /** The period's first and last month, as calendar year and month (1-12). */
  first: { year: number; month: number };
  last: { year: number; month: number };
  /** Which month (`M01`-`M12`) or quarter (`Q1`-`Q4`) of every year this is; empty for a year. */
  ofYear: string;
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER_KEY = /^FY(\d{4})-(\d{2})-Q([1-4])$/;
const YEAR_KEY = /^FY(\d{4})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');
/** The months `offset` after a calendar month (negative goes back). */
export function addMonths(at: { year: number; month: number }, offset: number): { year: number; month: number } {
  const index = at.year * 12 + (at.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The financial year a calendar month belongs to: April 2026 to March 2027 is 2026. */
const fyOfMonth = (year: number, month: number) => (month >= 4 ? year : year - 1);
const fyText = (fyStart: number) => `${fyStart}-${pad((fyStart + 1) % 100)}`;
const validFy = (start: string, end: string) => pad((Number(start) + 1) % 100) === end;

function monthPeriod(year: number, month: number): Period {
  const at = { year, month };
  return {
    key: `${year}-${pad(month)}`,
    frequency: 'monthly',
    fyStart: fyOfMonth(year, month),
    first: at,
    last: at,
    ofYear: `M${pad(month)}`,
  };
}

function quarterPeriod(fyStart: number, quarter: number): Period {
  const first = addMonths({ year: fyStart, month: 4 }, (quarter - 1) * 3);
  return {
    key: `FY${fyText(fyStart)}-Q${quarter}`,
    frequency: 'quarterly',
    fyStart,
    first,
    last: addMonths(first, 2),
    ofYear: `Q${quarter}`,
  };
}

function yearPeriod(fyStart: number): Period {
  return {
    key: `FY${fyText(fyStart)}`,
    frequency: 'yearly',
    fyStart,
    first: { year: fyStart, month: 4 },
    last: { year: fyStart + 1, month: 3 },
    ofYear: '',
  };
}

/** The period a key names, or null when it names none. */
export function parsePeriod(key: string): Period | null {
  const month = MONTH_KEY.exec(key);
  if (month) return monthPeriod(Number(month[1]), Number(month[2]));
  const quarter = QUARTER_KEY.exec(key);
  if (quarter && validFy(quarter[1] as string, quarter[2] as string))
    return quarterPeriod(Number(quarter[1]), Number(quarter[3]));
  const year = YEAR_KEY.exec(key);
  if (year && validFy(year[1] as string, year[2] as string)) return yearPeriod(Number(year[1]));
  return null;
}

/** How people name the period: "Apr 2026", "Q1 FY 2026-27", "FY 2026-27". */
export function labelPeriod(key: string): string {
  const period = parsePeriod(key);
  if (!period) return key;
  if (period.frequency === 'monthly') return `${MONTH_NAMES[period.first.month - 1]} ${period.first.year}`;
  if (period.frequency === 'quarterly') return `${period.ofYear} FY ${fyText(period.fyStart)}`;
  return `FY ${fyText(period.fyStart)}`;
}

/** The period of a frequency that holds a calendar month. */
export function periodOfMonth(frequency: Frequency, at: { year: number; month: number }): Period {
  const fyStart = fyOfMonth(at.year, at.month);
  if (frequency === 'monthly') return monthPeriod(at.year, at.month);
  if (frequency === 'quarterly') return quarterPeriod(fyStart, Math.floor(((at.month + 8) % 12) / 3) + 1);
  return yearPeriod(fyStart);
}

/** The period that follows. */
export function nextPeriod(period: Period): Period {
  return periodOfMonth(period.frequency, addMonths(period.last, 1));
}

/** Every period of a frequency in one financial year, in order. */
export function periodsOfFinancialYear(frequency: Frequency, fyStart: number): Period[] {
  const periods: Period[] = [];
  for (let period = periodOfMonth(frequency, { year: fyStart, month: 4 }); period.fyStart === fyStart; ) {
    periods.push(period);
    period = nextPeriod(period);
  }
  return periods;
}

/** The financial year (its first calendar year) an ISO date falls in. */
export function financialYearOf(isoDate: string): number {
  return fyOfMonth(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)));
}
