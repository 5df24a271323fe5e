import type { AppContext } from '../../app-context.js';

/** What a pass of encryption at rest did: rows and files moved, Aadhaar numbers vaulted or re-sealed, failures. */
export type SealReport = { users: number; aadhaar: number; files: number; documents: number; skipped: number };

export type SealContext = Pick<
  AppContext,
  'db' | 'keyring' | 'aadhaarKeyring' | 'clock' | 'blobs' | 'files' | 'documents' | 'log'
>;

/** Rows read (and, for users, changed in one transaction) at a time. */
export const BATCH = 200;

export function createSealReport(): SealReport {
  return { users: 0, aadhaar: 0, files: 0, documents: 0, skipped: 0 };
}
