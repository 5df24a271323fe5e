import type { RightsContact } from '@portal/contract/rights-requests';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * A question this module asks a module built beside it (the `privacy` module keeps the firm's data
 * protection contact and its clients' consent records): app.ts provides the answer; until it does, the
 * slot answers its fallback, so rights requests work on their own.
 */
type Slot<Fn extends (...args: never[]) => Promise<unknown>> = {
  readonly name: string;
  provide(implementation: Fn): void;
  call(...args: Parameters<Fn>): ReturnType<Fn>;
};

function declareSlot<Fn extends (...args: never[]) => Promise<unknown>>(name: string, fallback: Fn): Slot<Fn> {
  let implementation: Fn | undefined;
  return {
    name,
    provide(next) {
      implementation = next;
    },
    call(...args) {
      return (implementation ?? fallback)(...args) as ReturnType<Fn>;
    },
  };
}

/**
 * The firm's data protection contact (name, email, phone), carried by every answer shown and mailed
 * (DPDP Rules 2025, rule 9); null while the firm has none, or no module provides it.
 */
export const readContactSlot = declareSlot<(db: Kysely<DB>, firmId: number) => Promise<RightsContact>>(
  'readContactSlot',
  async () => null,
);

/**
 * A client's consent records (notice versions accepted, withdrawals) for its access download; null when
 * no module keeps them, and the download says so.
 */
export const readConsentRecordsSlot = declareSlot<
  (db: Kysely<DB>, ids: { firmId: number; clientId: number }) => Promise<unknown[] | null>
>('readConsentRecordsSlot', async () => null);
