/**
 * What a client's sub-form holds in place of an Aadhaar number (docs/decisions/0044): the reference of
 * the number's row in the Aadhaar vault and its last four digits, so that every masked answer
 * (`XXXX XXXX 1234`) is built without opening the vault. The number itself is only in the vault.
 */
export type AadhaarVaultRef = { ref: string; last4: string };

/** 128 random bits, base64url (22 characters). */
const REF_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isAadhaarVaultRef(value: unknown): value is AadhaarVaultRef {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { ref, last4, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof ref === 'string' &&
    REF_PATTERN.test(ref) &&
    typeof last4 === 'string' &&
    /^\d{0,4}$/.test(last4)
  );
}

/** The last four digits of a number as typed (spaces and all). */
export function lastFourDigitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(-4);
}
