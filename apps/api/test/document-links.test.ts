import fs from 'node:fs';
import path from 'node:path';
import type { DocumentType } from '@portal/contract/documents';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_TTL_SECONDS, signDocumentLink } from '../src/modules/users/user-document-links.js';
import { clientFields, useFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { setUserStatusThroughApi } from './support/user-status.js';

describe.each(listTestDialects())('signed document links on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const firm = useFirm('block', t);

  /** A client created by the firm's PC, with a PAN proof, and a link to it made for `token`'s user. */
  async function clientWithProof() {
    const client = await createUserThroughApi(
      t,
      firm.pc.token,
      clientFields(firm.services, { pan_number: 'ABCPE1234F' }),
      [{ field: 'pan_proof', name: 'pan.png', content: SAMPLE_FILES.png }],
    );
    const linkFor = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/user/detail/${client.id}`, token })).json().data.user_document[0]
        .url as string;
    return { client, linkFor };
  }
  const fetchLink = (link: string) => t.request({ method: 'GET', url: link });
  const disable = (token: string, userId: number) => setUserStatusThroughApi(t, token, userId, 'deactivated');

  it('names the user it was made for, and that name cannot be swapped', async () => {
    const { linkFor } = await clientWithProof();
    const link = await linkFor(firm.pc.token);
    expect(link).toMatch(new RegExp(`\\?u=${firm.pc.id}&expires=\\d+&sig=[\\w-]+$`));
    expect((await fetchLink(link)).statusCode).toBe(200);
    const swapped = link.replace(`u=${firm.pc.id}`, `u=${firm.mpc.id}`);
    expect((await fetchLink(swapped)).statusCode).toBe(403);
  });

  it('refuses a correctly signed link that claims to live longer than links do', async () => {
    const { client } = await clientWithProof();
    const stored = await t.context.db
      .selectFrom('user_documents')
      .select(['document_type', 'store_name'])
      .where('user_id', '=', client.id)
      .executeTakeFirstOrThrow();
    const inAYear = new Date(t.clock.now().getTime() + 365 * 24 * 3600 * 1000 - DOCUMENT_LINK_TTL_SECONDS * 1000);
    const forged = signDocumentLink(
      t.context.appKey,
      { type: stored.document_type as DocumentType, storeName: stored.store_name },
      firm.mpc.id,
      inAYear,
    );
    expect((await fetchLink(forged)).statusCode).toBe(403);
    // Nothing in DATA_DIR but the data key itself holds what signs links.
    expect(fs.existsSync(path.join(t.dataDir, 'app-key'))).toBe(false);
  });

  it('expires in minutes', async () => {
    const { linkFor } = await clientWithProof();
    const link = await linkFor(firm.mpc.token);
    t.clock.advance(4 * 60 * 1000);
    expect((await fetchLink(link)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    const expired = await fetchLink(link);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link has expired. Open the page again to get a new one.');
  });

  it('stops working when the owner is disabled', async () => {
    const { client, linkFor } = await clientWithProof();
    const link = await linkFor(firm.mpc.token);
    expect((await disable(firm.mpc.token, client.id)).statusCode).toBe(200);
    const response = await fetchLink(link);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This link is not valid.');
  });

  it('stops working when the viewer would no longer be allowed: disabled, or out of reach', async () => {
    const { linkFor } = await clientWithProof();
    // An executor of the firm sees a client only while it handles one of its services.
    const executor = await createUserThroughApi(t, firm.mpc.token, {
      role_id: 4,
      first_name: 'Exe',
      last_name: `Cutor${Date.now()}`,
      email: `exe${Date.now()}@firm.in`,
      mobile_number: '9876543210',
      password: 'Secret@123',
    });
    await t.context.db.updateTable('users').set({ status: 'active' }).where('id', '=', executor.id).execute();
    const executorToken = await t.signIn(executor);
    const { client } = await clientWithProof();
    await t.request({
      method: 'POST',
      url: '/api/service/assignExecutor',
      token: firm.mpc.token,
      payload: { client_id: client.id, service_id: firm.services[0], executor_id: executor.id },
    });
    const detail = await t.request({ method: 'GET', url: `/api/user/detail/${client.id}`, token: executorToken });
    const link = detail.json().data.user_document[0].url as string;
    expect((await fetchLink(link)).statusCode).toBe(200);
    // The MPC moves the client's services to another firm's MPC: the executor no longer reaches it.
    await t.request({
      method: 'PUT',
      url: '/api/service/updateAssignType',
      token: firm.mpc.token,
      payload: { client_id: client.id, assign_service_type: false },
    });
    expect((await fetchLink(link)).statusCode).toBe(403);

    const pcLink = await linkFor(firm.pc.token);
    expect((await fetchLink(pcLink)).statusCode).toBe(200);
    expect((await disable(firm.mpc.token, firm.pc.id)).statusCode).toBe(200);
    expect((await fetchLink(pcLink)).statusCode).toBe(403);
  });

  it('shows a picture inline but sends a PDF proof as a download, both inert', async () => {
    const client = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services), [
      { field: 'pan_proof', name: 'pan.pdf', content: SAMPLE_FILES.pdf },
      { field: 'profile_picture', name: 'me.png', content: SAMPLE_FILES.png },
    ]);
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${client.id}`, token: firm.mpc.token })
    ).json().data;
    const picture = await fetchLink(detail.profile_picture);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/^inline;/);
    const proof = await fetchLink(
      detail.user_document.find((entry: { document_type: string }) => entry.document_type === 'pan_proof').url,
    );
    expect(proof.headers['content-type']).toBe('application/octet-stream');
    expect(proof.headers['content-disposition']).toMatch(/^attachment;/);
    for (const response of [picture, proof]) {
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });
});
