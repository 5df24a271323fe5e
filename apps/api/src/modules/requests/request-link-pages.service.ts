import type { RequestLinkView } from '@portal/contract/request-links';
import { REQUEST_MESSAGES as M } from '@portal/contract/requests';
import type { AppContext } from '../../app-context.js';
import { failNotFound } from '../../http/http-error.js';
import type { MultipartForm } from '../../http/multipart-form.js';
import { admitRequestLink, presentLinkedRequest } from './request-links.service.js';
import { storeRequestUpload } from './request-uploads.service.js';
import { findRequestItem } from './requests.repository.js';

/** `GET /api/request-link/{token}`: the one request the link opens (docs/decisions/0036). */
export async function readByRequestLink(context: AppContext, token: string, ip: string): Promise<RequestLinkView> {
  const { link } = await admitRequestLink(context, token, ip);
  return presentLinkedRequest(context, link);
}

/**
 * `POST /api/request-link/{token}/items/{item_id}/upload`: the client's file for one document of the
 * link's request, through the signed-in client's pipeline (`storeRequestUpload`: the same access
 * decision as the client, taken before the body is read, and the same type, size and script rules),
 * audited as the client's with `via: 'request_link'`. A document of another request is not found.
 */
export async function uploadByRequestLink(
  context: AppContext,
  token: string,
  itemId: number,
  readForm: () => Promise<MultipartForm>,
  ip: string,
): Promise<RequestLinkView> {
  const { link, client } = await admitRequestLink(context, token, ip);
  if (!(await findRequestItem(context.db, link.request_id, itemId))) failNotFound(M.itemNotFound);
  await storeRequestUpload(context, client, { requestId: link.request_id, itemId }, readForm, ip, 'request_link');
  return presentLinkedRequest(context, link);
}
