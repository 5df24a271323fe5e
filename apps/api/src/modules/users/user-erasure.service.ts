import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DocumentStorage } from '../../storage/document-storage.js';
import { recordRemovedBlob } from '../../storage/removed-blobs.js';
import {
  claimErasure,
  deleteDocumentsOf,
  deleteSignInSecretsOf,
  listDocumentBlobsOf,
} from './user-erasure.repository.js';
import { updateUser } from './users.service.js';

/** The name an erased client goes by on the records kept of it: no part of the person's own. */
export type Pseudonym = { first_name: string; last_name: string };

/** Whoever the row was, as nothing that names a person: the address and username only the portal makes. */
const erasedSignIn = (userId: number) => ({
  email: `erased-${userId}@erased.invalid`,
  username: `erased-${userId}`,
});

/**
 * Erasure of a client (issue 25, the `retention` module's): its row keeps only what its held records need
 * (id, firm, role, type of client, the pseudonym) and, for a firm that keeps client due diligence
 * (`keepIdentity`), its name and PAN until that hold ends. Contact details, address, the sub-form (bank
 * details, Aadhaar references, partners), sign-in, two-factor and profile documents go; the account is
 * disabled for good (`erased_at`; `changeUserStatus` refuses to enable it). Blobs leave tombstones
 * (storage/removed-blobs.ts). Answers how many profile documents and sign-in secrets went.
 */
export async function eraseClientProfile(
  db: Kysely<DB>,
  documents: DocumentStorage,
  clientId: number,
  erasure: { pseudonym: Pseudonym; keepIdentity: boolean; at: Date },
): Promise<{ documents: number; signIn: number }> {
  const at = erasure.at.toISOString();
  await updateUser(db, clientId, {
    ...(erasure.keepIdentity ? {} : { ...erasure.pseudonym, pan_number: null, gst_number: null, tan_number: null }),
    ...erasedSignIn(clientId),
    password_hash: '',
    password_state: 'unset',
    mobile_number: null,
    alternate_mobile_number: null,
    alternate_email_id: null,
    address: null,
    pincode: null,
    city: null,
    state: null,
    country: null,
    qualification: null,
    practice_since: null,
    additional_data: null,
    secrets_key_id: '',
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    status: 'deactivated',
    status_before_disable: null,
    erased_at: at,
    updated_at: at,
  });
  const blobs = await listDocumentBlobsOf(db, clientId);
  for (const blob of blobs) await recordRemovedBlob(db, documents.keyOf(blob.store_name), erasure.at);
  const removedDocuments = await deleteDocumentsOf(db, clientId);
  return { documents: removedDocuments, signIn: await deleteSignInSecretsOf(db, clientId) };
}

/** The client due diligence hold ended (PMLA): the name and PAN kept for it go as the rest did. */
export function forgetClientIdentity(db: Kysely<DB>, clientId: number, pseudonym: Pseudonym, at: Date): Promise<void> {
  return updateUser(db, clientId, {
    ...pseudonym,
    pan_number: null,
    gst_number: null,
    tan_number: null,
    updated_at: at.toISOString(),
  });
}

/**
 * The first step of an erasure, in its transaction: the row is marked erased unless another erasure did it
 * first (false), so two erasures at once never both run (the second waits for the first's row lock).
 */
export function claimClientErasure(db: Kysely<DB>, clientId: number, at: Date): Promise<boolean> {
  return claimErasure(db, clientId, at.toISOString());
}
