import { createHash } from 'node:crypto';
import type { TrashEntry, TrashPage } from '@portal/contract/file-trash';
import { expect } from 'vitest';
import { uploadFileThroughApi } from './client-files.js';
import type { TestFirm } from './firm.js';
import { SAMPLE_FILES } from './multipart.js';
import type { TestApp } from './test-app.js';

export const digestOf = (content: Buffer) => createHash('sha256').update(content).digest('hex');
/** A distinct PDF per label, so contents are told apart by their digest. */
export const pdfNamed = (label: string) => Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`% ${label}\n`)]);

/** The calls a trash test makes on one firm's client, in its first service. */
export function bindTrashCalls(t: TestApp, firm: () => TestFirm) {
  const gst = () => firm().services[0] as number;
  const base = () => `${firm().client.id}/${gst()}`;
  const upload = async (token: string, name: string, fields: Record<string, string | number> = {}) => {
    const response = await uploadFileThroughApi(
      t,
      token,
      {
        client_id: firm().client.id,
        service_id: gst(),
        ...(token === firm().client.token ? {} : { is_deleted: '1' }),
        ...fields,
      },
      [{ field: 'file', name, content: pdfNamed(name) }],
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { file_id: number; file_name: string; download_url: string };
  };
  const newFolder = async (token: string, name: string, fields: Record<string, string | number> = {}) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token,
      payload: { folder_name: name, client_id: firm().client.id, service_id: gst(), ...fields },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.folder_id as number;
  };
  const remove = (kind: 'file' | 'folder', id: number, token: string) =>
    t.request({ method: 'DELETE', url: `/api/${kind}/remove/${id}`, token });
  const listTrash = (token: string, query = '') =>
    t.request({ method: 'GET', url: `/api/trash/${base()}${query}`, token });
  const readTrash = async (token: string) => {
    const response = await listTrash(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TrashPage;
  };
  /** The entry of an item in the trash, as `token`'s user lists it. */
  const entryOf = async (token: string, kind: 'file' | 'folder', name: string): Promise<TrashEntry | undefined> =>
    (await readTrash(token)).entries.find((entry) => entry.kind === kind && entry.name === name);
  const restore = (trashId: number, token: string) =>
    t.request({ method: 'POST', url: `/api/trash/${trashId}/restore`, token });
  const purge = (trashId: number, token: string) =>
    t.request({ method: 'DELETE', url: `/api/trash/${trashId}`, token });
  const topLevel = async (token: string) =>
    (await t.request({ method: 'GET', url: `/api/serviceFiles/${base()}`, token })).json().data as {
      folders: { folder_id: number; folder_name: string; files: number; children: number }[];
      files: { file_id: number; file_name: string; download_url: string; visibility: string }[];
      zip_url: string;
    };
  const folderContents = (folderId: number, token: string) =>
    t.request({ method: 'GET', url: `/api/fileFolder/${base()}/${folderId}`, token });
  /** Follows a signed link as the browser does (no bearer header). */
  const follow = (url: string) => t.request({ method: 'GET', url });
  return {
    gst,
    upload,
    newFolder,
    remove,
    listTrash,
    readTrash,
    entryOf,
    restore,
    purge,
    topLevel,
    folderContents,
    follow,
  };
}

/** The activity log's actions about one file or folder, oldest first. */
export async function auditActionsOf(t: TestApp, kind: 'file' | 'folder', id: number): Promise<string[]> {
  const rows = await t.context.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_type', '=', kind)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
