import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { listTakenUsernames } from './users.repository.js';

/** Lower-case ASCII letters of first and last name (design.md section 5); "user" when none remain. */
export function baseUsername(firstName: string, lastName: string): string {
  const letters = `${firstName}${lastName}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
  return /^[a-z]/.test(letters) ? letters : `user${letters}`;
}

/** The base name, or the base with the smallest number appended that is still free. */
export async function generateUsername(db: Kysely<DB>, firstName: string, lastName: string): Promise<string> {
  const base = baseUsername(firstName, lastName);
  const taken = await listTakenUsernames(db, base);
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
