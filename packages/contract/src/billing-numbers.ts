/**
 * Invoice numbers under rule 46(b) of the CGST Rules 2017 (and rule 49 for a bill of supply, rule
 * 53(1A) for a credit note): a consecutive serial of at most sixteen characters of letters, digits,
 * hyphen and slash, unique for a financial year; the portal starts a new series each April.
 */

export const INVOICE_NUMBER_MAX = 16;

/** A series' prefix: the firm's choice of up to five letters or digits ("INV", "CN", "PS"). */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,5}$/;

/** The financial year a date (yyyy-mm-dd) falls in, April to March: "2026-27". */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The serial's text: "INV/2026-27/0001"; when the prefix leaves no room for the whole year, its short
 * form ("PSF/26-27/0001"); the serial has four digits at least and grows past 9999.
 */
export function formatInvoiceNumber(prefix: string, financialYear: string, serial: number): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`${prefix} is not a series prefix.`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`${serial} is not a serial.`);
  const digits = String(serial).padStart(4, '0');
  for (const year of [financialYear, financialYear.slice(2)]) {
    const number = `${prefix}/${year}/${digits}`;
    if (number.length <= INVOICE_NUMBER_MAX) return number;
  }
  const bare = `${prefix}/${digits}`;
  if (bare.length > INVOICE_NUMBER_MAX) throw new RangeError('The series is full for this year.');
  return bare;
}

/** Whether a number meets rule 46(b)'s form (the serial's uniqueness is the database's). */
export const isRule46Number = (number: string) => /^[A-Za-z0-9/-]{1,16}$/.test(number);
