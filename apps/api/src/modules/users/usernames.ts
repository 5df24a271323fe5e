import type { Insertable, Kysely } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';
import { insertUserUnlessUsernameTaken, listTakenUsernames } from './users.repository.js';

// Each retry follows another insert that took the name in the meantime; more than a few means a bug.
const MAX_USERNAME_TRIES = 5;

/** Lower-case ASCII letters of first and last name (docs/api-conventions.md); "user" when none remain. */
function baseUsername(firstName: string, lastName: string): string {
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

/**
 * Inserts a user under a generated username. Two people of the same name registering at once may pick
 * the same free name; the unique index lets one insert win and the other picks again, so a name the user
 * never typed can never answer "username taken".
 */
export async function insertUserWithFreeUsername(
  db: Kysely<DB>,
  values: Omit<Insertable<UsersTable>, 'username'>,
): Promise<number> {
  for (let tries = 0; tries < MAX_USERNAME_TRIES; tries += 1) {
    const username = await generateUsername(db, values.first_name, values.last_name);
    const id = await insertUserUnlessUsernameTaken(db, { ...values, username });
    if (id !== undefined) return id;
  }
  throw new Error(`No free username for a new user after ${MAX_USERNAME_TRIES} tries`);
}
