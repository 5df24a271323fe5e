import type { AppContext } from '../../app-context.js';
import { declareProvided } from '../../hook-list.js';

/** What the registers add to a person's digest (issue 22): certificates expiring soon, UDINs missing. */
export type DigestRegisters = {
  dscExpiring: number;
  /** The soonest few: holder, client and expiry date. */
  dscLines: { holder: string; client: string; validUntil: string }[];
  udinMissing: number;
  udinOverdue: number;
};

export type DigestPerson = { id: number; role_id: number; firm_id: number | null };

/** The registers' part of a digest, in the person's reach (modules/registers provides it, app.ts wires it). */
export const readDigestRegisters =
  declareProvided<(context: AppContext, person: DigestPerson, today: string) => Promise<DigestRegisters>>(
    'readDigestRegisters',
  );
