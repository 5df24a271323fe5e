/** Indian identifier formats of docs/api-conventions.md, shared by forms and server. */

export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
const GSTIN_PATTERN = /^[0-9]{2}[A-Z0-9]{10}[1-9A-Z][A-Z0-9][0-9A-Z]$/;
/** Corporate Identification Number: listing (L/U), industry code, state, year, class, registration number. */
export const CIN_PATTERN = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;
/** LLP Identification Number, as the MCA writes it: AAA-1234. */
export const LLPIN_PATTERN = /^[A-Z]{3}-[0-9]{4}$/;
export const INDIAN_PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const FOREIGN_POSTCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
const INDIAN_MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
const INTERNATIONAL_MOBILE_PATTERN = /^\+[1-9][0-9]{7,14}$/;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN: a mod-36 check over the first 14. */
export function computeGstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[index] ?? '');
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

export function isValidGstin(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && computeGstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The PAN inside a GSTIN (characters 3 to 12). */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

// Verhoeff tables: multiplication (D5 group) and permutation.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

function verhoeffChecksum(digits: string): number {
  let check = 0;
  const reversed = [...digits].reverse();
  for (let index = 0; index < reversed.length; index += 1) {
    const row = VERHOEFF_P[index % 8] as number[];
    check = (VERHOEFF_D[check] as number[])[row[Number(reversed[index])] as number] as number;
  }
  return check;
}

/** Aadhaar: 12 digits, not starting with 0 or 1, with a valid Verhoeff check digit. */
export function isValidAadhaar(value: string): boolean {
  return /^[2-9][0-9]{11}$/.test(value) && verhoeffChecksum(value) === 0;
}

/**
 * An Indian mobile as its 10 digits (a leading +91 or 0 dropped), or an international number kept
 * as `+` and 8-15 digits; null when it is neither.
 */
export function normalizeMobile(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  const indian = compact.replace(/^(\+91|0)(?=[6-9][0-9]{9}$)/, '');
  if (INDIAN_MOBILE_PATTERN.test(indian)) return indian;
  if (INTERNATIONAL_MOBILE_PATTERN.test(compact) && !compact.startsWith('+91')) return compact;
  return null;
}
