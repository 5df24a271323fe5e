import { INDIA_OFFSET_MS } from './plain-dates.js';
/**
 * Dates as people in India write them. Entry takes dd/mm/yyyy (also d/m/yyyy, with - or . between),
 * whatever the browser's locale, and the ISO form the API stores (yyyy-mm-dd); display is dd/mm/yyyy.
 */
export const DATE_MESSAGES = {
  invalid: 'Enter a date as dd/mm/yyyy.',
} as const;

export const DATE_PLACEHOLDER = 'dd/mm/yyyy';

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The ISO date (yyyy-mm-dd) a typed date means, or null when it is no real date. */
export function parseIndianDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (indian) return isoOf(Number(indian[3]), Number(indian[2]), Number(indian[1]));
  return null;
}

/** An ISO date (or a timestamp's date part) as dd/mm/yyyy; anything else is returned as it is. */
export function formatIndianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
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
