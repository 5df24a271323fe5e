import { DOCUMENT_MESSAGES, type DocumentType } from '@portal/contract/documents';
import type { AppContext } from '../../app-context.js';
import type { Actor, LinkUserRow } from '../../auth/actor.js';
import type { EncryptedFile } from '../../encryption/file-cipher.js';
import { failNotFound } from '../../http/http-error.js';
import { LinkProblemError } from '../../http/link-problem.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { recordAudit } from '../audit/audit.service.js';
import { checkDocumentLink, documentPathOf } from './user-document-links.js';
import { findDocumentByStoreName } from './user-documents.repository.js';
import { findUserById, findUserInScope } from './users.service.js';

type DocumentLinkQuery = { u: number; expires: number; sig: string };

const invalidLink = () => new LinkProblemError('invalid', DOCUMENT_MESSAGES.linkInvalid);

/**
 * A stored document behind a signed link: the signature must hold and be fresh, and at this moment
 * the owner must not be disabled and the user the link was made for must still reach the owner.
 */
export async function openDocumentByLink(
  context: AppContext,
  document: { type: DocumentType; storeName: string },
  query: DocumentLinkQuery,
  request: { ip: string; admitViewer: (viewer: LinkUserRow) => Actor },
): Promise<{ fileName: string; mimeType: string; content: EncryptedFile }> {
  const pathname = documentPathOf(document.type, document.storeName);
  const check = checkDocumentLink(context.appKey, pathname, query, context.clock.now());
  if (check === 'expired') throw new LinkProblemError('expired', DOCUMENT_MESSAGES.linkExpired);
  if (check !== 'valid') throw invalidLink();

  const stored = await findDocumentByStoreName(context.db, document.storeName);
  if (!stored || stored.document_type !== document.type) failNotFound();
  const [owner, viewer] = await Promise.all([
    findUserById(context.db, stored.user_id),
    findUserById(context.db, query.u),
  ]);
  if (!owner || owner.status === 'deactivated' || !viewer || viewer.status === 'deactivated') throw invalidLink();
  // The viewer passes the gates a signed-in request does (a password to change, a second factor to set up).
  const actor = request.admitViewer(viewer);
  if (!(await findUserInScope(context.db, userScopeFor(actor), owner.id))) throw invalidLink();
  await recordAudit(context.db, {
    actorId: viewer.id,
    action: 'document.read',
    entityType: 'user',
    entityId: owner.id,
    ip: request.ip,
    at: context.clock.now(),
    details: { document_type: document.type },
  });
  return {
    fileName: stored.original_name,
    mimeType: stored.mime_type,
    content: await context.documents.open(stored.store_name),
  };
}
