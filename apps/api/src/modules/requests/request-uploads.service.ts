import { labelPeriod } from '@portal/contract/compliance-periods';
import { FILE_MESSAGES } from '@portal/contract/files';
import { type DocumentRequest, REQUEST_MESSAGES as M, requestUploadFieldsSchema } from '@portal/contract/requests';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failConflict, failNotFound } from '../../http/http-error.js';
import type { MultipartForm } from '../../http/multipart-form.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { clientHasService } from '../client-services/client-services.service.js';
import { pickUploadedFile, storeClientUpload } from '../files/file-uploads.service.js';
import { noticeOwner } from '../notifications/owner-notices.js';
import { assertWorkAllows } from '../work/work-access.js';
import { noticeRequestUpload, staffOfUpload } from './request-notices.js';
import { findReachableRequest, readRequest } from './request-reads.service.js';
import {
  findOrCreateTopFolder,
  findRequestItem,
  isFileOfItem,
  linkFileToItem,
  lockOpenRequest,
  lockWorkItem,
  updateRequestItem,
} from './requests.repository.js';

/** `POST /api/requests/{id}/items/{item_id}/upload`: the signed-in client's file for one document. */
export async function uploadToRequest(
  context: AppContext,
  actor: Actor,
  ids: { requestId: number; itemId: number },
  readForm: () => Promise<MultipartForm>,
  ip: string,
): Promise<DocumentRequest> {
  await storeRequestUpload(context, actor, ids, readForm, ip);
  return readRequest(context, actor, ids.requestId);
}

/**
 * The client's file for one document, through a session or a request link alike (`via`): stored like
 * any upload of that service (the same type and size rules, encrypted, audited) in the folder named after
 * the work's period ("Apr 2026"), made when missing; a one-off item without a period puts it at the
 * service's top level. The file, its folder, its link to the document and the document's status
 * (`uploaded`, to review) are written together or not at all.
 */
export async function storeRequestUpload(
  context: AppContext,
  actor: Actor,
  ids: { requestId: number; itemId: number },
  readForm: () => Promise<MultipartForm>,
  ip: string,
  via?: 'request_link',
): Promise<void> {
  // Decided before the body is read, so a refused upload stores nothing of its file.
  const row = await findReachableRequest(context, actor, ids.requestId);
  await assertWorkAllows(context, actor, row.id, 'request.upload');
  const item = await findRequestItem(context.db, ids.requestId, ids.itemId);
  if (!item) failNotFound(M.itemNotFound);
  if (row.request_status !== 'open') failConflict(M.notOpen);
  if (item.status === 'accepted') failConflict(M.alreadyAccepted);
  if (!(await clientHasService(context.db, row.client_id, row.service_id))) failNotFound(FILE_MESSAGES.serviceNotFound);
  const form = await readForm();
  try {
    const fields = parseOrThrow(requestUploadFieldsSchema, form.fields);
    const upload = pickUploadedFile(form);
    const folderName = row.period ? labelPeriod(row.period) : null;
    await storeClientUpload(
      context,
      actor,
      upload,
      {
        clientId: row.client_id,
        serviceId: row.service_id,
        folderId: folderName
          ? (trx, at) =>
              findOrCreateTopFolder(trx, {
                clientId: row.client_id,
                serviceId: row.service_id,
                name: folderName,
                createdBy: actor.id,
                now: at,
              })
          : null,
        fileName: upload.originalName,
        notes: fields.notes || null,
        // The client's own upload: it may delete it, as any file it uploads, and it stays shared.
        clientCanDelete: true,
        visibility: 'shared',
        firmId: row.firm_id,
        // A new version only of the file given for this same document: a phone names every photo
        // "image.jpg", and another document's file must keep its own content (docs/decisions/0037).
        acceptsVersionOf: (trx, fileId) => isFileOfItem(trx, ids.itemId, fileId),
        ...(via ? { via } : {}),
      },
      ip,
      async (trx, fileId, at) => {
        // Judged again under the lock: the request may have closed, or the document been accepted, meanwhile.
        await lockWorkItem(trx, context.dialect, row.id);
        if (!(await lockOpenRequest(trx, ids.requestId, at))) failConflict(M.notOpen);
        const current = await findRequestItem(trx, ids.requestId, ids.itemId);
        if (current?.status === 'accepted') failConflict(M.alreadyAccepted);
        await linkFileToItem(trx, ids.itemId, fileId, at);
        await updateRequestItem(trx, ids.itemId, { status: 'uploaded', updated_at: at });
        await noticeRequestUpload(trx, {
          work: row,
          requestId: ids.requestId,
          askedBy: row.request_created_by,
          actorId: actor.id,
          document: item.name,
          at: new Date(at),
        });
        await noticeOwner(trx, context, {
          kind: 'owner_client_upload',
          firmId: row.firm_id,
          actorId: actor.id,
          clientId: row.client_id,
          serviceId: row.service_id,
          workItemId: row.id,
          requestId: ids.requestId,
          subject: row.title,
          detail: item.name,
          toldInBell: staffOfUpload(row, row.request_created_by).includes(row.firm_id),
          at: new Date(at),
        });
      },
    );
  } finally {
    await form.discard();
  }
}
