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

/** "Re-encrypted so far: ..." as an operator reads it. */
export function describeSealProgress(report: SealReport): string {
  return `Re-encrypted so far: ${report.users} users' secrets, ${report.files} client files, ${report.documents} user documents, ${report.aadhaar} Aadhaar numbers...`;
}

/**
 * A line every `everyMs` saying how far a pass has got, so a long rotation is seen to move; the
 * returned function stops it.
 */
export function startSealProgress(report: SealReport, print: (line: string) => void, everyMs: number): () => void {
  const timer = setInterval(() => print(describeSealProgress(report)), everyMs);
  return () => clearInterval(timer);
}
