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
