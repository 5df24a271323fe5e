/** Spec: a status is shown with its first letter capitalised. */
export function capitalise(text: string): string {
  return text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text;
}

/** The day in India's time, two digits each for day and month. */
const INDIA_DAY = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' } as const;

/** Shows a stored ISO moment: nothing for none, the text as it came when it is no date. */
function formatIso(iso: string | null | undefined, show: (date: Date) => string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : show(date);
}

/** A date as people in India write it, whatever the browser's locale: 14/07/1984 (design: dd/mm/yyyy). */
export function formatDate(iso: string | null | undefined): string {
  return formatIso(iso, (date) => date.toLocaleDateString('en-GB', INDIA_DAY));
}

/** A moment as dd/mm/yyyy, hh:mm in India's time, whatever the browser's zone. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatIso(iso, (date) =>
    date.toLocaleString('en-GB', { ...INDIA_DAY, hour: '2-digit', minute: '2-digit', hour12: false }),
  );
}
