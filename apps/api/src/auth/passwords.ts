import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's first argon2id profile (docs/security.md).
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
