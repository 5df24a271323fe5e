import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactAfterRewrite } from '../src/db/database.js';
import { DEFAULT_CHUNK_BYTES } from '../src/encryption/file-cipher.js';
import { activateKeyFile, createKeyFile } from '../src/encryption/keyring.js';
import { sealDataAtRest } from '../src/modules/key-rotation/encrypt-at-rest.service.js';
import { countNotUnder } from '../src/modules/key-rotation/key-usage.repository.js';
import { openSubForm } from '../src/modules/users/sub-form-secrets.js';
import { createFolderThroughApi, uploadFileThroughApi } from './support/client-files.js';
import { clientFields, useFirm, useFirmApp } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi, postUserForm } from './support/people.js';
import { findSecretsIn, listFilesUnder, type Secrets, secretValues, subFormsOf } from './support/secrets.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('personal data on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  let secrets: Secrets;
  const clients: Record<'individual' | 'huf' | 'company', { id: number; email: string; password: string }> =
    {} as never;
  let fileMarker: string;
  let folderId: number;

  beforeAll(async () => {
    secrets = secretValues();
    for (const [name, form] of Object.entries(subFormsOf(secrets))) {
      clients[name as keyof typeof clients] = await createUserThroughApi(
        t,
        firm.mpc.token,
        clientFields(firm.services, {
          client_status_id: form.client_status_id,
          additional_data: JSON.stringify(form.data),
        }),
      );
    }
    folderId = await createFolderThroughApi(t, firm.mpc.token, {
      folder_name: 'Papers',
      client_id: clients.huf.id,
      service_id: firm.services[0],
      folder_id: '',
    });
    fileMarker = `Form 16 of a client ${Date.now()} salary 1234567`;
  }, 120_000);

  const secretList = () => [
    secrets.aadhaar,
    secrets.kartaAadhaar,
    secrets.partnerAadhaar,
    secrets.account,
    secrets.password,
  ];
  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const last4 = (value: string) => value.slice(-4);
  const uploadText = (name: string, content: string | Buffer) => {
    return uploadFileThroughApi(
      t,
      firm.mpc.token,
      { is_deleted: '0', client_id: clients.huf.id, service_id: firm.services[0] as number, folder_id: folderId },
      [{ field: 'file', name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }],
    );
  };

  it('masks Aadhaar, bank account and IFSC in every answer and never answers a stored password', async () => {
    const before = t.bodies.length;
    const mpcToken = firm.mpc.token;
    const individual = (await get(`/api/user/detail/${clients.individual.id}`, mpcToken)).json().data;
    expect(JSON.parse(individual.additional_data).aadhar).toBe(`XXXX XXXX ${last4(secrets.aadhaar)}`);
    const huf = JSON.parse((await get(`/api/user/detail/${clients.huf.id}`, mpcToken)).json().data.additional_data);
    expect(huf).toMatchObject({
      aadharofkarta: `XXXX XXXX ${last4(secrets.kartaAadhaar)}`,
      bankdetails: `XXXX${last4(secrets.account)}`,
      bank_ifsc: 'HDFCXXXXXXX',
      bankname: 'HDFC Bank',
    });
    const company = (await get(`/api/user/detail/${clients.company.id}`, mpcToken)).json().data;
    expect(company.sub_form_password_set).toBe(true);
    const companyData = JSON.parse(company.additional_data);
    expect(companyData).not.toHaveProperty('password');
    expect(companyData.partners[0].aadharnumber).toBe(`XXXX XXXX ${last4(secrets.partnerAadhaar)}`);

    // Lists, dropdowns, the client's own sign-in, /me and detail, an edit's and a profile update's answers.
    await get('/api/user/userListByRole/5', mpcToken);
    await get('/api/user/list/5', mpcToken);
    const clientToken = await t.signIn(clients.company);
    await get('/api/me', clientToken);
    expect((await get(`/api/user/detail/${clients.company.id}`, clientToken)).json().data.sub_form_password_set).toBe(
      true,
    );
    await t.request({
      method: 'PUT',
      url: '/api/user/update',
      token: clientToken,
      payload: {
        first_name: 'Co',
        last_name: 'Client',
        email: clients.company.email,
        mobile_number: '9876543210',
        username: `co${clients.company.id}`,
      },
    });
    const edited = await postUserForm(t, mpcToken, '/api/user/edit', {
      user_id: clients.huf.id,
      first_name: 'Huf',
      last_name: 'Family',
      email: clients.huf.email,
      mobile_number: '9876543210',
      client_status_id: 2,
      additional_data: JSON.stringify(subFormsOf(secrets).huf.data),
    });
    expect(edited.statusCode).toBe(200);
    expect(JSON.parse(edited.json().data.additional_data).bankdetails).toBe(`XXXX${last4(secrets.account)}`);

    const answered = Buffer.from(t.bodies.slice(before).join('\n'));
    expect(findSecretsIn(answered, secretList())).toEqual([]);
  });

  it('opens the secrets in full only to an editor, without the password, and audits each read', async () => {
    const url = `/api/user/${clients.company.id}/sensitive`;
    const audits = async () =>
      (
        await t.context.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'user.sensitive_read')
          .where('entity_id', '=', clients.company.id)
          .execute()
      ).length;
    const before = await audits();
    const response = await get(url, firm.mpc.token);
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(response.json().data.additional_data);
    expect(data.aadhar).toBe(secrets.aadhaar);
    expect(data.partners[0].aadharnumber).toBe(secrets.partnerAadhaar);
    expect(data).not.toHaveProperty('password');
    expect(response.json().data.sub_form_password_set).toBe(true);
    expect(response.body).not.toContain(secrets.password);
    await get(url, firm.mpc.token);
    expect(await audits()).toBe(before + 2);

    // A PC handling one service sees the client (masked) but may not edit it, so may not read this.
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: firm.mpc.token,
      payload: { client_id: clients.company.id, service_id: firm.services[0], pc_id: firm.pc.id },
    });
    expect((await get(`/api/user/detail/${clients.company.id}`, firm.pc.token)).statusCode).toBe(200);
    expect((await get(url, firm.pc.token)).statusCode).toBe(403);
    expect((await get(url, await t.signIn(clients.company))).statusCode).toBe(403);
    expect((await get(url, other.mpc.token)).statusCode).toBe(404);
    expect((await get(url, admin.token)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect(await audits()).toBe(before + 2);
  });

  it('keeps the stored password write-only: kept when left blank, replaced, cleared, dropped with the template', async () => {
    const id = clients.company.id;
    const stored = async () => {
      const row = await t.context.db
        .selectFrom('users')
        .select('additional_data')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return openSubForm(t.context.keyring, row.additional_data)?.password;
    };
    const edit = (data: Record<string, unknown>, statusId = 10) =>
      postUserForm(t, firm.mpc.token, '/api/user/edit', {
        user_id: id,
        first_name: 'Co',
        last_name: 'Client',
        email: clients.company.email,
        mobile_number: '9876543210',
        client_status_id: statusId,
        additional_data: JSON.stringify(data),
      });
    const { password: _password, confirm_password: _confirm, ...withoutPassword } = subFormsOf(secrets).company.data;

    expect((await edit({ ...withoutPassword, first_name: 'Renamed' })).statusCode).toBe(200);
    expect(await stored()).toBe(secrets.password);
    expect(
      (await edit({ ...withoutPassword, password: 'Next@Pass1', confirm_password: 'Next@Pass1' })).statusCode,
    ).toBe(200);
    expect(await stored()).toBe('Next@Pass1');
    const both = await edit({ ...withoutPassword, password: 'X@1', confirm_password: 'X@1', clear_password: 'yes' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({
      'additional_data.password': ['Either set a new password or clear it, not both.'],
    });
    const cleared = await edit({ ...withoutPassword, clear_password: 'yes' });
    expect(cleared.json().data.sub_form_password_set).toBe(false);
    expect(await stored()).toBeUndefined();

    expect(
      (await edit({ ...withoutPassword, password: 'Again@Pass1', confirm_password: 'Again@Pass1' })).statusCode,
    ).toBe(200);
    expect((await edit(subFormsOf(secrets).individual.data, 1)).statusCode).toBe(200);
    expect(await stored()).toBeUndefined();
    // Back to the company template: a password of the earlier company details does not come back.
    expect((await edit(withoutPassword)).json().data.sub_form_password_set).toBe(false);
  });

  it('keeps no secret or file content in plaintext in database rows or on disk', async () => {
    expect((await uploadText('form16.txt', fileMarker)).statusCode).toBe(201);
    const proof = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`\n% ${fileMarker}\n`)]);
    const withProof = await postUserForm(
      t,
      firm.mpc.token,
      '/api/user/create',
      clientFields(firm.services, {
        client_status_id: 1,
        additional_data: JSON.stringify(subFormsOf(secrets).individual.data),
      }),
      [{ field: 'pan_proof', name: 'pan.pdf', content: proof }],
    );
    expect(withProof.statusCode).toBe(201);

    const needles = [...secretList(), secrets.ifsc, fileMarker];
    for (const table of ['users', 'audit_log', 'files', 'user_documents', 'throttle_counters'] as const) {
      const rows = await t.context.db.selectFrom(table).selectAll().execute();
      expect(findSecretsIn(Buffer.from(JSON.stringify(rows)), needles), table).toEqual([]);
    }
    for (const file of listFilesUnder(t.dataDir)) {
      // The SQLite database and its write-ahead log are read byte for byte too.
      expect(findSecretsIn(fs.readFileSync(file), needles), path.relative(t.dataDir, file)).toEqual([]);
    }
    // Decrypted through the API, the same bytes come back.
    const listing = (
      await get(`/api/fileFolder/${clients.huf.id}/${firm.services[0]}/${folderId}`, firm.mpc.token)
    ).json().data.files;
    const entry = listing.find((file: { file_name: string }) => file.file_name === 'form16.txt');
    expect((await get(entry.download_url)).body).toBe(fileMarker);
    const link = (await get(`/api/user/detail/${withProof.json().data.id}`, firm.mpc.token)).json().data
      .user_document[0].url as string;
    expect((await get(link)).rawPayload.equals(proof)).toBe(true);
  });

  it('answers Range requests of an encrypted file with the right bytes at chunk boundaries', async () => {
    const chunk = DEFAULT_CHUNK_BYTES;
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * chunk + 100, 7)]);
    for (let index = 9; index < content.length; index += 1) content[index] = (index * 31) % 251;
    const uploaded = await uploadText('ranges.pdf', content);
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().data.download_url as string;
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      [`bytes=${chunk - 1}-${chunk}`, chunk - 1, chunk],
      [`bytes=${chunk}-${2 * chunk - 1}`, chunk, 2 * chunk - 1],
      [`bytes=${chunk - 10}-${3 * chunk + 10}`, chunk - 10, 3 * chunk + 10],
      [`bytes=${3 * chunk}-`, 3 * chunk, content.length - 1],
      ['bytes=-50', content.length - 50, content.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await t.request({ method: 'GET', url, headers: { range } });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${content.length}`);
      expect(response.rawPayload.equals(content.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await t.request({ method: 'GET', url, headers: { range: `bytes=${content.length}-` } })).statusCode).toBe(
      416,
    );
    expect((await get(url)).rawPayload.equals(content)).toBe(true);
  });

  it('after a key rotation every value and file stays readable, and nothing is left under the old key', async () => {
    const oldKey = t.context.keyring.active().id;
    const fresh = createKeyFile(t.context.keyring.keysDir);
    activateKeyFile(t.context.keyring.keysDir, fresh.id);
    t.context.keyring.reload();
    expect(t.context.keyring.active().id).toBe(fresh.id);

    const report = await sealDataAtRest(t.context, 'all');
    expect(report.skipped).toBe(0);
    // The HUF's bank details and the company's password (Aadhaar numbers are in the vault, under its own key).
    expect(report.users).toBeGreaterThanOrEqual(2);
    expect(report.files).toBeGreaterThanOrEqual(2);
    expect(report.documents).toBeGreaterThanOrEqual(2);
    expect(await countNotUnder(t.context.db, fresh.id)).toBe(0);
    const row = await t.context.db
      .selectFrom('users')
      .select(['additional_data', 'secrets_key_id'])
      .where('id', '=', clients.huf.id)
      .executeTakeFirstOrThrow();
    expect(row.secrets_key_id).toBe(fresh.id);
    expect(row.additional_data).not.toContain(oldKey);

    const sensitive = JSON.parse(
      (await get(`/api/user/${clients.huf.id}/sensitive`, firm.mpc.token)).json().data.additional_data,
    );
    expect(sensitive).toMatchObject({
      aadharofkarta: secrets.kartaAadhaar,
      bankdetails: secrets.account,
      bank_ifsc: secrets.ifsc,
    });
    const listing = (
      await get(`/api/fileFolder/${clients.huf.id}/${firm.services[0]}/${folderId}`, firm.mpc.token)
    ).json().data.files;
    const text = listing.find((file: { file_name: string }) => file.file_name === 'form16.txt');
    expect((await get(text.download_url)).body).toBe(fileMarker);
    // A second pass finds nothing left to do.
    expect(await sealDataAtRest(t.context, 'all')).toEqual({
      users: 0,
      aadhaar: 0,
      files: 0,
      documents: 0,
      skipped: 0,
    });
  });

  it('encrypts rows and files written before encryption at rest, once, when the server starts', async () => {
    const legacy = secretValues();
    const now = t.clock.now().toISOString();
    const inserted = await t.context.db
      .insertInto('users')
      .values({
        role_id: 5,
        firm_id: firm.mpc.id,
        created_by: firm.mpc.id,
        first_name: 'Old',
        last_name: 'Client',
        email: `old.${Date.now()}@client.in`,
        username: `oldclient${Date.now()}`,
        password_hash: 'x',
        client_status_id: 1,
        additional_data: JSON.stringify({ ...subFormsOf(legacy).individual.data }),
        secrets_key_id: null,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.context.db
      .insertInto('user_services')
      .values({ user_id: inserted.id, service_id: firm.services[0] as number, created_at: now })
      .execute();
    const folder = await createFolderThroughApi(t, firm.mpc.token, {
      folder_name: 'Old',
      client_id: inserted.id,
      service_id: firm.services[0],
      folder_id: '',
    });
    const plaintext = `Old plaintext return ${Date.now()}`;
    const storeName = 'ab'.repeat(16);
    fs.mkdirSync(path.join(t.dataDir, 'files', String(inserted.id)), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'files', String(inserted.id), storeName), plaintext);
    await t.context.db
      .insertInto('files')
      .values({
        client_id: inserted.id,
        service_id: firm.services[0] as number,
        folder_id: folder,
        file_name: 'old.txt',
        store_name: storeName,
        size_bytes: plaintext.length,
        mime_type: 'text/plain',
        sha256: '0'.repeat(64),
        notes: null,
        client_can_delete: 0,
        uploaded_by: firm.mpc.id,
        created_at: now,
        key_id: null,
      })
      .execute();

    const report = await sealDataAtRest(t.context, 'plaintext');
    // The old client, and any user row never looked at before (users made directly by the tests).
    expect(report.users).toBeGreaterThanOrEqual(1);
    expect(report).toMatchObject({ files: 1, skipped: 0 });
    // As main.ts does after sealing: no old copy of the plaintext row stays in the database's files.
    await compactAfterRewrite(t.context, ['users']);
    if (dialect === 'sqlite') {
      for (const file of listFilesUnder(t.dataDir))
        expect(findSecretsIn(fs.readFileSync(file), [legacy.aadhaar]), path.relative(t.dataDir, file)).toEqual([]);
    }
    const row = await t.context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(findSecretsIn(Buffer.from(JSON.stringify(row)), [legacy.aadhaar])).toEqual([]);
    // Its one secret, the Aadhaar number, went into the vault: nothing is left sealed in the row.
    expect(row.secrets_key_id).toBe('');
    expect(report.aadhaar).toBe(1);
    const onDisk = fs.readFileSync(path.join(t.dataDir, 'files', String(inserted.id), storeName));
    expect(onDisk.includes(Buffer.from(plaintext))).toBe(false);

    const detail = (await get(`/api/user/detail/${inserted.id}`, firm.mpc.token)).json().data;
    expect(JSON.parse(detail.additional_data).aadhar).toBe(`XXXX XXXX ${last4(legacy.aadhaar)}`);
    const files = (await get(`/api/fileFolder/${inserted.id}/${firm.services[0]}/${folder}`, firm.mpc.token)).json()
      .data.files;
    expect((await get(files[0].download_url)).body).toBe(plaintext);
    expect(await sealDataAtRest(t.context, 'plaintext')).toEqual({
      users: 0,
      aadhaar: 0,
      files: 0,
      documents: 0,
      skipped: 0,
    });
  });
});
