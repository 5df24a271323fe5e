import { hash, verify } from '@node-rs/argon2';
import { countHashSlots, createHashSlots } from './hash-slots.js';

// Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's first argon2id profile (docs/security.md).
const PRODUCTION_ARGON2_COST = { memoryCost: 19_456, timeCost: 2 } as const;
let cost: { memoryCost: number; timeCost: number } = PRODUCTION_ARGON2_COST;

/**
 * For the API tests only (test/support/test-app.ts): the same argon2id with a small cost, so the
 * hundreds of sign-ins of a test run do not take most of its time. Nothing in the server calls it, and
 * a hash records its own cost, so verifying works across profiles.
 */
export function useTestArgon2Cost(): void {
  cost = { memoryCost: 1024, timeCost: 1 };
}

const inHashSlot = createHashSlots(countHashSlots());

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, { algorithm: ARGON2ID, parallelism: 1, ...cost }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown account cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  await verifyPassword(await decoyHash, password);
  return false;
}
