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

// Verhoeff's two tables, built from their definitions rather than copied out as 180 numbers.
/** The dihedral group D5: 0-4 are rotations, 5-9 reflections; `j ∘ k` as Verhoeff numbers them. */
function multiplyD5(j: number, k: number): number {
  if (j < 5) return k < 5 ? (j + k) % 5 : 5 + ((j + k) % 5);
  return k < 5 ? 5 + ((j - k + 5) % 5) : (j - k + 5) % 5;
}
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const VERHOEFF_D = DIGITS.map((j) => DIGITS.map((k) => multiplyD5(j, k)));
/** Position i permutes a digit by the i-th power of this one permutation (the table repeats every 8). */
const VERHOEFF_STEP = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const VERHOEFF_P: number[][] = [DIGITS];
while (VERHOEFF_P.length < 8) {
  const previous = VERHOEFF_P[VERHOEFF_P.length - 1] as number[];
  VERHOEFF_P.push(previous.map((digit) => VERHOEFF_STEP[digit] as number));
}

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
