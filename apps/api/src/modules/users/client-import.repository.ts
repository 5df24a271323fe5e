import { ROLE_ID } from '@portal/contract/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

// Values per IN list: well inside every dialect's limit on bound parameters.
const CHUNK = 500;

function chunksOf<T>(values: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) chunks.push(values.slice(start, start + CHUNK));
  return chunks;
}

/**
 * Which of these emails (lower case) a user already has: emails are unique whatever their case. With a
 * firm, only that firm's users are asked (what its dry run may tell); without, the whole platform.
 */
export async function listTakenEmails(db: Kysely<DB>, emails: string[], firmId?: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf(emails)) {
    let query = db
      .selectFrom('users')
      .select(sql<string>`lower(email)`.as('email'))
      .where(sql`lower(email)`, 'in', chunk);
    if (firmId !== undefined) query = query.where('firm_id', '=', firmId);
    const rows = await query.execute();
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

/** Which of these PANs a client of the firm already has (read through the firm's range of users). */
export async function listFirmClientPans(db: Kysely<DB>, firmId: number, pans: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf(pans)) {
    const rows = await db
      .selectFrom('users')
      .select('pan_number')
      .where('firm_id', '=', firmId)
      .where('role_id', '=', ROLE_ID.client)
      .where('pan_number', 'in', chunk)
      .execute();
    for (const row of rows) if (row.pan_number) taken.add(row.pan_number);
  }
  return taken;
}
