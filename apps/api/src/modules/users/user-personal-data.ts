import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { presentSensitiveSubForm } from './sub-form-secrets.js';
import { readUserDetail } from './user-reads.service.js';
import { findUserById } from './users.service.js';

/**
 * A client's own record for the download of its personal data (issue 25, rights-requests): what it
 * reads of itself on its profile, with its sub-form's values in full (its own Aadhaar and the like;
 * its Aadhaar numbers read from the vault; never a stored password) and its documents by name (no signed links, no permissions).
 */
export async function readOwnPersonalRecord(context: AppContext, client: Actor, ip: string) {
  const detail = await readUserDetail(context, client, client.id);
  const row = await findUserById(context.db, client.id);
  // Its own Aadhaar numbers come from the vault, which records the read as the client's own download.
  const sensitive = await presentSensitiveSubForm(
    context,
    { id: client.id, additional_data: row?.additional_data ?? null },
    { actorId: client.id, ip, reason: 'access_download' },
  );
  const {
    permissions: _permissions,
    logo: _logo,
    profile_picture: _picture,
    user_document: documents,
    service_usage: _usage,
    other_detail: _other,
    additional_data: _masked,
    sub_form_password_set: _passwordSet,
    ...record
  } = detail;
  return {
    ...record,
    additional_data: sensitive.additional_data ? (JSON.parse(sensitive.additional_data) as unknown) : null,
    documents: documents.map((document) => ({
      document_type: document.document_type,
      file_name: document.original_name,
    })),
  };
}
