import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DialectName } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Keyring } from './encryption/keyring.js';
import type { MailDelivery } from './modules/mail/mail-delivery.js';
import type { BlobStore } from './storage/blob-store.js';
import type { DocumentStorage } from './storage/document-storage.js';
import type { FileStorage } from './storage/file-storage.js';

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
  /** Where stored files live (DATA_DIR or a bucket); the two storages below name them. */
  blobs: BlobStore;
  documents: DocumentStorage;
  files: FileStorage;
  /** Delivers queued mail off the request path; `wake()` after queueing (modules/mail/). */
  mail: MailDelivery;
};
