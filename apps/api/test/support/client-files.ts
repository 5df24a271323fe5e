import type { TestFirm } from './firm.js';
import { buildMultipart, type MultipartFile } from './multipart.js';
import type { ApiCaller } from './test-app.js';

type FormFields = Record<string, string | number | (string | number)[] | undefined>;

/** Creates a folder in a client's service through the API as `token`'s user; answers the new folder's id. */
export async function createFolderThroughApi(t: ApiCaller, token: string, payload: FormFields): Promise<number> {
  const response = await t.request({ method: 'POST', url: '/api/folder/create', token, payload });
  return response.json().data.folder_id;
}

/** A folder at the top of the firm's client's first service, made by the firm's MPC; answers its id. */
export function createClientFolder(t: ApiCaller, firm: TestFirm, folderName: string): Promise<number> {
  const payload = { folder_name: folderName, client_id: firm.client.id, service_id: firm.services[0] };
  return createFolderThroughApi(t, firm.mpc.token, payload);
}

/** Uploads into a client's service as the upload form sends it (multipart: `fields`, then the files). */
export function uploadFileThroughApi(t: ApiCaller, token: string, fields: FormFields, files: MultipartFile[]) {
  const { payload, headers } = buildMultipart(fields, files);
  return t.request({ method: 'POST', url: '/api/folder/uploadFile', token, payload, headers });
}
