import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionTokens } from './auth/session-tokens.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DialectName } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Keyring } from './encryption/keyring.js';
import type { BlobStore } from './storage/blob-store.js';
import type { DocumentStorage } from './storage/document-storage.js';
import type { FileStorage } from './storage/file-storage.js';

/** Mail queued in the database, sent off the request path (modules/mail/mail-delivery.ts makes it). */
export type MailDelivery = {
  /** A message was queued: deliver now rather than at the next scheduled pass. Never waits, never throws. */
  wake(): void;
  /** Runs a pass now (after the one in progress) and answers how many messages it delivered. */
  deliverDue(): Promise<number>;
  /** No more passes; waits for the message in hand. */
  stop(): Promise<void>;
};

/** What every module's service functions receive: no globals, so tests build their own. */
export type AppContext = {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** Secret that signs document links. */
  appKey: string;
  /** Keys that encrypt sensitive values and files at rest. */
  keyring: Keyring;
  /** The Aadhaar vault's own keys, never a data key; only `modules/aadhaar-vault` uses them (docs/decisions/0044). */
  aadhaarKeyring: Keyring;
  /** Where stored files live (DATA_DIR or a bucket); the two storages below name them. */
  blobs: BlobStore;
  documents: DocumentStorage;
  files: FileStorage;
  /** Delivers queued mail off the request path; `wake()` after queueing (modules/mail/). */
  mail: MailDelivery;
  /** The sessions authentication reads (modules/sessions/ keeps them). */
  sessions: SessionTokens;
};
