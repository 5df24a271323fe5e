/**
 * The portal's one owner of dates. Calendar dates without a time are ISO text (`2026-05-20`): what a
 * due date is. Arithmetic runs on UTC midnights so no time zone or daylight saving can move a day;
 * "today" is the date in India (Asia/Kolkata, UTC+05:30 all year), whatever the server's or browser's
 * own zone. People in India write dates as dd/mm/yyyy: entry takes dd/mm/yyyy (also d/m/yyyy, with -
 * or . between), whatever the browser's locale, and the ISO form the API stores; display is dd/mm/yyyy.
 */

/** India keeps one offset all year (UTC+05:30): the one definition the portal's India dates use. */
export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DATE_MESSAGES = {
  invalid: 'Enter a date as dd/mm/yyyy.',
} as const;

export const DATE_PLACEHOLDER = 'dd/mm/yyyy';

const pad = (value: number) => String(value).padStart(2, '0');

/** The ISO date of a calendar day; `day` past the month's end is clamped to its last day. */
export function isoDateOf(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(day, last))}`;
}

/** The ISO date of a calendar day, or null when there is no such day (typed text is not clamped). */
function toExactIsoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Whether the text is a real ISO calendar date. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The date in India at an instant. */
export function indianDateOf(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Monday (0) to Sunday (6) of a date. */
export function weekdayOf(isoDate: string): number {
  return (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The ISO date (yyyy-mm-dd) a typed date means, or null when it is no real date. */
export function parseIndianDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return toExactIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (indian) return toExactIsoDate(Number(indian[3]), Number(indian[2]), Number(indian[1]));
  return null;
}

/** An ISO date (or a timestamp's date part) as dd/mm/yyyy; anything else is returned as it is. */
export function formatIndianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * Stored dates (ISO) in a stored value, nested ones too (a sub-form's partner rows), the way they are
 * typed: dd/mm/yyyy. The user form shows them so for editing and the CSV export writes them so for import.
 */
export function showDatesAsTyped(value: unknown): unknown {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIndianDate(value) : value;
  if (Array.isArray(value)) return value.map(showDatesAsTyped);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, showDatesAsTyped(entry)]));
  return value;
}

/** The instant (ISO timestamp) an Indian calendar day begins (18:30 UTC the day before), `addDays` after the given ISO date. */
export function startOfIndianDay(isoDate: string, addDays = 0): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + addDays) - INDIA_OFFSET_MS).toISOString();
}

/** A timestamp as dd/mm/yyyy hh:mm:ss in India's time, whatever the machine's zone. */
export function formatIndianDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = new Date(date.getTime() + INDIA_OFFSET_MS).toISOString();
  return `${formatIndianDate(local)} ${local.slice(11, 19)}`;
}
