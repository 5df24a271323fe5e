import { mapAadhaarFields } from '@portal/contract/sub-form-secrets';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';

/** Twelve digits standing alone, or in the spaced form `1234 5678 9012`: what an Aadhaar number looks like. */
export const AADHAAR_PATTERNS = [/(?<![\d])\d{12}(?![\d])/, /\b\d{4} \d{4} \d{4}\b/];

/**
 * A key id (16 hex characters of a hash: keyring.ts), standing alone or in a sealed value's prefix.
 * About one id in 600 holds a run of exactly twelve digits, which is not a number anybody typed.
 */
const KEY_ID = /(?<![0-9A-Za-z])(?=[0-9a-f]*[a-f])[0-9a-f]{16}(?![0-9A-Za-z])/g;

/** The places in `text` that look like an Aadhaar number (key ids aside). */
export function findAadhaarLike(text: string): string[] {
  const withoutKeyIds = text.replace(KEY_ID, 'key-id');
  return AADHAAR_PATTERNS.flatMap((pattern) => {
    const match = new RegExp(pattern.source, 'g');
    return [...withoutKeyIds.matchAll(match)].map((found) => found[0]);
  });
}

/** The Aadhaar fields' values of a stored sub-form (top level and partners), as stored. */
export function listAadhaarFieldValues(additionalData: string | null): unknown[] {
  if (!additionalData) return [];
  const values: unknown[] = [];
  mapAadhaarFields(JSON.parse(additionalData), (value) => {
    values.push(value);
    return value;
  });
  return values;
}

/** Every row of every table of the portal's database (this test's schema alone on PostgreSQL). */
export async function readEveryTable(database: Database): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = await database.db.introspection.getTables();
  const ours = tables.filter((table) => !database.schema || table.schema === database.schema);
  const rows = new Map<string, Record<string, unknown>[]>();
  const untyped = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const table of ours) rows.set(table.name, await untyped.selectFrom(table.name).selectAll().execute());
  return rows;
}

/** Every `enc:v1:` value anywhere in `text` (whole columns, or inside a sub-form's JSON). */
export function findSealedValues(text: string): string[] {
  return [...text.matchAll(/enc:v1:[a-f0-9]{16}:[A-Za-z0-9_-]+/g)].map((found) => found[0]);
}
