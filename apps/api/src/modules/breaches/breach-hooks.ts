import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { declareProvided } from '../../hook-list.js';

/** A data protection contact, as a notice names it (DPDP Rules 2025 rule 7(1)(e), rule 9). */
export type DataProtectionContact = { name: string; email: string; phone: string | null };

/**
 * The data protection contact a breach notice names: a firm's (`firmId`), or the platform's (null). The
 * `privacy` module keeps them; app.ts provides its reader. Until it does, or when a firm has set none, this
 * answers null and the notice names the firm's MPC (the platform's: its admin) instead.
 */
export const readDataProtectionContact = declareProvided<
  (db: Kysely<DB>, firmId: number | null) => Promise<DataProtectionContact | null>
>('readDataProtectionContact', async () => null);
