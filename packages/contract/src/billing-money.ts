/**
 * Money as people in India read it (issue 23): integer paise in, text out, never a float on the way.
 * Indian grouping puts commas after the thousands and then every two digits (12,34,567.00); words
 * count in crore, lakh and thousand.
 */

/** "₹12,34,567.00" for 123456700 paise; a negative amount leads with its minus sign. */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  const sign = paise < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(paise) / 100);
  const fraction = String(Math.abs(paise) % 100).padStart(2, '0');
  return `${sign}₹${groupIndian(String(whole))}.${fraction}`;
}

/** "12,34,567": the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.length % 2 === 1 ? [rest.slice(0, 1)] : [];
  for (let index = rest.length % 2; index < rest.length; index += 2) pairs.push(rest.slice(index, index + 2));
  return `${pairs.join(',')},${last}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0-99 in words ("Thirty-Four"); empty for zero. */
function wordsBelowHundred(value: number): string {
  if (value < 20) return ONES[value] as string;
  const unit = value % 10;
  return `${TENS[Math.floor(value / 10)]}${unit === 0 ? '' : `-${ONES[unit]}`}`;
}

/** 0-999 in words ("Five Hundred Sixty-Seven"). */
function wordsBelowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = wordsBelowHundred(value % 100);
  return [hundreds > 0 ? `${ONES[hundreds]} Hundred` : '', rest].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred ("Twelve Lakh Thirty-Four Thousand"). */
function wordsIndian(value: number): string {
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const parts = [
    crore > 0 ? `${wordsIndian(crore)} Crore` : '',
    lakh > 0 ? `${wordsBelowHundred(lakh)} Lakh` : '',
    thousand > 0 ? `${wordsBelowHundred(thousand)} Thousand` : '',
    wordsBelowThousand(value % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

/** "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  assertPaise(paise);
  if (paise < 0) throw new RangeError('An amount in words is never negative.');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const fraction = rest === 0 ? '' : ` and ${wordsBelowHundred(rest)} Paise`;
  return `Rupees ${wordsIndian(rupees)}${fraction} Only`;
}

/**
 * The total rounded to the rupee, half a rupee up, and the round-off line that gets there (section
 * 170 of the CGST Act rounds tax to the rupee; invoices round the total the same way).
 */
export function roundToRupee(paise: number): { total: number; roundOff: number } {
  assertPaise(paise);
  const total = Math.floor((paise + 50) / 100) * 100;
  return { total, roundOff: total - paise };
}

/**
 * The paise a person typed as rupees ("1,500", "₹12,34,567.5", "99.05"), read as text so that no
 * float ever holds the amount; undefined when it is not an amount of at most two decimals.
 */
export function parseRupees(text: string): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^₹\s*/, '').replaceAll(',', ''));
  if (!match) return undefined;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : undefined;
}

/** The rupees of an amount as a form shows them for editing ("1500.00"): no grouping, no sign. */
export function formatRupeesForInput(paise: number): string {
  assertPaise(paise);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Paise are whole numbers within what a double holds exactly. */
export function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`${paise} is not a whole number of paise.`);
}
