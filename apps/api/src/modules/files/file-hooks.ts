import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { declareProvided } from '../../hook-list.js';

/**
 * The clients on legal hold now (issue 25): their trash is neither purged on schedule nor deleted for good.
 * The `retention` module keeps the holds and app.ts provides it; until then nobody is held.
 */
export const listClientsOnLegalHoldSlot = declareProvided<(db: Kysely<DB>) => Promise<number[]>>(
  'listClientsOnLegalHold',
  async () => [],
);
