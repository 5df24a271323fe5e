import type { DocumentRequest } from '@portal/contract/requests';
import { buildMultipart, type MultipartFile, SAMPLE_FILES } from './multipart.js';
import type { ApiCaller } from './test-app.js';

/** Asks for documents on a work item; the answer as it came. */
export function askForDocuments(
  t: ApiCaller,
  token: string,
  workId: number,
  body: { items: string[]; message?: string; due_date: string } = {
    items: ['Sales register', 'Purchase invoices'],
    due_date: '2026-04-10',
  },
) {
  return t.request({ method: 'POST', url: `/api/work/${workId}/requests`, token, payload: body });
}

/** The request made, or a failed test step. */
export async function mustAskForDocuments(...args: Parameters<typeof askForDocuments>): Promise<DocumentRequest> {
  const response = await askForDocuments(...args);
  if (response.statusCode !== 201) throw new Error(`request: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Uploads one file against one document of a request. */
export function uploadForRequest(
  t: ApiCaller,
  token: string,
  requestId: number,
  itemId: number,
  file: Partial<MultipartFile> = {},
  fields: Record<string, string> = {},
) {
  const { payload, headers } = buildMultipart(fields, [
    { field: 'file', name: 'sales-register.pdf', content: SAMPLE_FILES.pdf, type: 'application/pdf', ...file },
  ]);
  return t.request({
    method: 'POST',
    url: `/api/requests/${requestId}/items/${itemId}/upload`,
    token,
    payload,
    headers,
  });
}

export function reviewItem(
  t: ApiCaller,
  token: string,
  requestId: number,
  itemId: number,
  body: { status: string; reason?: string },
) {
  return t.request({ method: 'PUT', url: `/api/requests/${requestId}/items/${itemId}`, token, payload: body });
}
