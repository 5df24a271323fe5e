import { describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { useFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('what each service of a client holds, on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const firm = useFirm('block', t);

  it('tells the client’s editors, per service, its folders, files and assigned staff; nobody else', async () => {
    const [gst, itr] = firm.services as [number, number];
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: { folder_name: 'Returns', client_id: firm.client.id, service_id: gst, folder_id: '' },
    });
    await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { is_deleted: '0', client_id: firm.client.id, service_id: gst, folder_id: folder.json().data.folder_id },
      [{ field: 'file', name: 'gstr.pdf', content: SAMPLE_FILES.pdf }],
    );
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, service_id: itr, pc_id: firm.pc.id },
    });

    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${firm.client.id}`, token: firm.mpc.token })
    ).json().data;
    expect(detail.service_usage).toEqual({
      [gst]: { folders: 1, files: 1, assigned: false },
      [itr]: { folders: 0, files: 0, assigned: true },
    });
    // The assigned PC sees the client but does not edit it; the client sees itself: neither needs this.
    for (const token of [firm.pc.token, firm.client.token]) {
      const seen = (await t.request({ method: 'GET', url: `/api/user/detail/${firm.client.id}`, token })).json().data;
      expect(seen).not.toHaveProperty('service_usage');
    }
  });
});
