import fs from 'node:fs';
import path from 'node:path';
import { isAadhaarVaultRef } from '@portal/contract/aadhaar-vault';
import { CLIENT_IMPORT_COLUMNS } from '@portal/contract/user-csv';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactAfterRewrite } from '../src/db/database.js';
import { loadKeyring } from '../src/encryption/keyring.js';
import { openValue } from '../src/encryption/value-cipher.js';
import { eraseAadhaarOf, eraseAadhaarOfFirm } from '../src/modules/aadhaar-vault/aadhaar-vault.service.js';
import { findAadhaarLike, findSealedValues, listAadhaarFieldValues, readEveryTable } from './support/aadhaar.js';
import { buildClientCsvRow } from './support/client-csv-rows.js';
import { postCsv, writeCsvFile } from './support/csv.js';
import { clientFields, useAdmin, useFirm } from './support/firm.js';
import { createUserThroughApi, postUserForm } from './support/people.js';
import {
  findSecretsIn,
  listFilesUnder,
  type Secrets,
  secretValues,
  subFormsOf,
  uniqueAadhaar,
} from './support/secrets.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe('the scan for text that looks like an Aadhaar number', () => {
  it('finds a number in clear, spaced or not, but not a key id that happens to hold twelve digits', () => {
    const keyId = 'd123456789012e0f';
    const sealed = `{"bankdetails":"enc:v1:${keyId}:Iwm-YEK","secrets_key_id":"${keyId}"}`;
    expect(findAadhaarLike(sealed)).toEqual([]);
    expect(findAadhaarLike(`{"aadhar":"234567890123","note":"2345 6789 0123","id":"${keyId}"}`)).toEqual([
      '234567890123',
      '2345 6789 0123',
    ]);
  });
});

describe.each(listTestDialects())('the Aadhaar vault on %s', (dialect) => {
  const statements: string[] = [];
  const t = useTestApp('block', dialect, { observeQuery: (query) => statements.push(query.sql) });
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  let secrets: Secrets;
  let firmPartners: string[];
  const clients: Record<'individual' | 'huf' | 'company' | 'firm', number> = {} as never;

  const firmData = () => ({
    full_name: 'Rao & Sons',
    aadhar: secrets.aadhaar,
    msem: 'no',
    number_of_partners: 2,
    partners: firmPartners.map((number, index) => ({ nameofpartner: `Partner ${index}`, aadharnumber: number })),
  });
  const allNumbers = () => [secrets.aadhaar, secrets.kartaAadhaar, secrets.partnerAadhaar, ...firmPartners];
  const get = (url: string, token = firm.mpc.token) => t.request({ method: 'GET', url, token });
  const edit = (id: number, statusId: number, data: Record<string, unknown> | null) =>
    postUserForm(t, firm.mpc.token, '/api/user/edit', {
      user_id: id,
      first_name: 'Edited',
      last_name: 'Client',
      email: `edited.${id}@client.in`,
      mobile_number: '9876543210',
      client_status_id: statusId,
      ...(data ? { additional_data: JSON.stringify(data) } : {}),
    });
  const vaultRowsOf = (ownerUserId: number) =>
    t.context.db
      .selectFrom('aadhaar_vault')
      .selectAll()
      .where('owner_user_id', '=', ownerUserId)
      .orderBy('id')
      .execute();
  const storedSubForm = async (id: number) =>
    (await t.context.db.selectFrom('users').select('additional_data').where('id', '=', id).executeTakeFirstOrThrow())
      .additional_data;
  const last4 = (number: string) => number.slice(-4);

  beforeAll(async () => {
    secrets = secretValues();
    firmPartners = [uniqueAadhaar(), uniqueAadhaar()];
    const forms = subFormsOf(secrets);
    const make = async (statusId: number, data: Record<string, unknown>) =>
      (
        await createUserThroughApi(
          t,
          firm.mpc.token,
          clientFields(firm.services, { client_status_id: statusId, additional_data: JSON.stringify(data) }),
        )
      ).id;
    clients.individual = await make(1, forms.individual.data);
    clients.huf = await make(2, forms.huf.data);
    clients.company = await make(10, forms.company.data);
    clients.firm = await make(3, firmData());
  }, 120_000);

  it('keeps no Aadhaar number in any column of users, only { ref, last4 } in each Aadhaar field', async () => {
    const rows = await t.context.db.selectFrom('users').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(findAadhaarLike(text)).toEqual([]);
    expect(findSecretsIn(Buffer.from(text), allNumbers())).toEqual([]);
    const stored = await Promise.all(Object.values(clients).map(storedSubForm));
    const fields = stored.flatMap(listAadhaarFieldValues);
    // Individual 1, karta 1, company 1 + 1 partner, firm 1 + 2 partners.
    expect(fields).toHaveLength(7);
    expect(fields.every(isAadhaarVaultRef)).toBe(true);
    expect(listAadhaarFieldValues(await storedSubForm(clients.firm))).toEqual([
      { ref: expect.any(String), last4: last4(secrets.aadhaar) },
      ...firmPartners.map((number) => ({ ref: expect.any(String), last4: last4(number) })),
    ]);
    // The vault holds the firm and the owner, the sealed number and its key: no name, no digits.
    const vault = await vaultRowsOf(clients.firm);
    expect(vault).toHaveLength(3);
    expect(Object.keys(vault[0] ?? {}).sort()).toEqual(
      ['created_at', 'firm_id', 'id', 'key_id', 'owner_user_id', 'ref', 'sealed_number'].sort(),
    );
    expect(vault.every((row) => row.firm_id === firm.mpc.id)).toBe(true);
    expect(findAadhaarLike(JSON.stringify(vault))).toEqual([]);
  });

  it('leaves a copy of the database read with the data key alone without a single Aadhaar number', async () => {
    // The data key as a thief with DATA_DIR/keys (but not keys/aadhaar, nor AADHAAR_KEY) would load it.
    const dataKeyring = loadKeyring({ encryptionKey: undefined, dataDir: t.dataDir });
    expect(dataKeyring.list().map((key) => key.id)).not.toContain(t.context.aadhaarKeyring.active().id);
    const tables = await readEveryTable(t.database);
    let opened = 0;
    for (const [table, rows] of tables) {
      const text = JSON.stringify(rows);
      expect(findSecretsIn(Buffer.from(text), allNumbers()), table).toEqual([]);
      for (const sealed of findSealedValues(text)) {
        let plaintext: string | null = null;
        try {
          plaintext = openValue(dataKeyring, sealed);
        } catch {
          // Not the data key's (a vault number): it stays shut.
          expect(table).toBe('aadhaar_vault');
          continue;
        }
        opened += 1;
        expect(findAadhaarLike(plaintext), table).toEqual([]);
        expect(findSecretsIn(Buffer.from(plaintext), allNumbers()), table).toEqual([]);
      }
    }
    // The bank account and the company's password were opened: the search did reach sealed values.
    expect(opened).toBeGreaterThanOrEqual(2);
    expect(tables.get('aadhaar_vault')?.length).toBeGreaterThanOrEqual(7);
    if (dialect === 'sqlite') {
      // The database's own files, byte for byte, once its log is written back.
      await compactAfterRewrite(t.context, ['users']);
      for (const file of listFilesUnder(t.dataDir).filter((name) => name.includes('portal.sqlite')))
        expect(findSecretsIn(fs.readFileSync(file), allNumbers()), path.basename(file)).toEqual([]);
    }
  });

  it('masks each number from its last four digits in every answer, opening nothing of the vault', async () => {
    const before = statements.length;
    const individual = JSON.parse((await get(`/api/user/detail/${clients.individual}`)).json().data.additional_data);
    expect(individual.aadhar).toBe(`XXXX XXXX ${last4(secrets.aadhaar)}`);
    const huf = JSON.parse((await get(`/api/user/detail/${clients.huf}`)).json().data.additional_data);
    expect(huf.aadharofkarta).toBe(`XXXX XXXX ${last4(secrets.kartaAadhaar)}`);
    const company = JSON.parse((await get(`/api/user/detail/${clients.company}`)).json().data.additional_data);
    expect(company.partners[0].aadharnumber).toBe(`XXXX XXXX ${last4(secrets.partnerAadhaar)}`);
    const firmAnswer = JSON.parse((await get(`/api/user/detail/${clients.firm}`)).json().data.additional_data);
    expect(firmAnswer.partners.map((row: { aadharnumber: string }) => row.aadharnumber)).toEqual(
      firmPartners.map((number) => `XXXX XXXX ${last4(number)}`),
    );
    expect((await get('/api/user/userListByRole/5')).statusCode).toBe(200);
    const exported = await get('/api/user/export/5');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(`XXXX XXXX ${last4(secrets.kartaAadhaar)}`);
    expect(findSecretsIn(Buffer.from(exported.body), allNumbers())).toEqual([]);
    // Lists, details and the export never read the vault.
    expect(statements.slice(before).filter((sql) => sql.includes('aadhaar_vault'))).toEqual([]);
  });

  it("opens the numbers in full for the edit form's read alone, recording who read whose numbers and why", async () => {
    const reads = () =>
      t.context.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'aadhaar.read')
        .where('entity_id', '=', clients.firm)
        .execute();
    const before = (await reads()).length;
    const seen = statements.length;
    const response = await get(`/api/user/${clients.firm}/sensitive`);
    expect(response.statusCode).toBe(200);
    expect(statements.slice(seen).some((sql) => sql.includes('aadhaar_vault'))).toBe(true);
    expect(JSON.parse(response.json().data.additional_data)).toEqual(firmData());
    const events = await reads();
    expect(events).toHaveLength(before + 1);
    const event = events.at(-1);
    expect(event).toMatchObject({ actor_id: firm.mpc.id, entity_type: 'user', firm_id: firm.mpc.id });
    expect(JSON.parse(event?.details ?? '{}')).toEqual({ reason: 'edit_form', numbers: 3 });
    expect(findAadhaarLike(JSON.stringify(events))).toEqual([]);
    // Someone who may not edit the client reads nothing, and nothing is recorded as read.
    expect((await get(`/api/user/${clients.firm}/sensitive`, admin.token)).statusCode).toBe(404);
    expect((await get(`/api/user/${clients.firm}/sensitive`, firm.client.token)).statusCode).toBe(404);
    expect(await reads()).toHaveLength(before + 1);
    // The Activity screen names the event in words.
    const activity = await get(`/api/audit?client_id=${clients.firm}`);
    expect(JSON.stringify(activity.json())).toContain('Viewed an Aadhaar number in full');
  });

  it('keeps an unchanged number in its row; a changed one gets a new row and the old one goes in the same save', async () => {
    const before = await vaultRowsOf(clients.individual);
    expect(before).toHaveLength(1);
    const unchanged = await edit(clients.individual, 1, subFormsOf(secrets).individual.data);
    expect(unchanged.statusCode).toBe(200);
    expect((await vaultRowsOf(clients.individual)).map((row) => row.ref)).toEqual(before.map((row) => row.ref));

    const next = uniqueAadhaar();
    const changed = await edit(clients.individual, 1, { ...subFormsOf(secrets).individual.data, aadhar: next });
    expect(changed.statusCode).toBe(200);
    expect(JSON.parse(changed.json().data.additional_data).aadhar).toBe(`XXXX XXXX ${last4(next)}`);
    const after = await vaultRowsOf(clients.individual);
    expect(after).toHaveLength(1);
    expect(after[0]?.ref).not.toBe(before[0]?.ref);
    expect(listAadhaarFieldValues(await storedSubForm(clients.individual))).toEqual([
      { ref: after[0]?.ref, last4: last4(next) },
    ]);
    const sensitive = await get(`/api/user/${clients.individual}/sensitive`);
    expect(JSON.parse(sensitive.json().data.additional_data).aadhar).toBe(next);

    // A partner dropped from the firm takes its number out of the vault; a new status without details, all.
    const oneLess = { ...firmData(), number_of_partners: 1, partners: firmData().partners.slice(0, 1) };
    expect((await edit(clients.firm, 3, oneLess)).statusCode).toBe(200);
    expect(await vaultRowsOf(clients.firm)).toHaveLength(2);
    expect((await edit(clients.firm, 11, null)).statusCode).toBe(200);
    expect(await vaultRowsOf(clients.firm)).toEqual([]);
    expect(await storedSubForm(clients.firm)).toBeNull();
  });

  it('stores the numbers of a CSV import through the vault', async () => {
    const service = await t.context.db
      .selectFrom('services')
      .select('service_name')
      .where('id', '=', firm.services[0] as number)
      .executeTakeFirstOrThrow();
    const number = uniqueAadhaar();
    const row = buildClientCsvRow(service.service_name, { 'details.aadhar': number });
    const imported = await postCsv(
      t,
      firm.mpc.token,
      '/api/user/import',
      writeCsvFile([...CLIENT_IMPORT_COLUMNS], [row]),
    );
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(201);
    const user = await t.context.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', row.email as string)
      .executeTakeFirstOrThrow();
    expect(findSecretsIn(Buffer.from(JSON.stringify(user)), [number])).toEqual([]);
    const [vaulted] = await vaultRowsOf(user.id);
    expect(listAadhaarFieldValues(user.additional_data)).toEqual([{ ref: vaulted?.ref, last4: last4(number) }]);
    const sensitive = await get(`/api/user/${user.id}/sensitive`);
    expect(JSON.parse(sensitive.json().data.additional_data).aadhar).toBe(number);
  });

  it("erases a user's numbers, or a firm's, and the edit form then simply lacks them", async () => {
    const other = (
      await createUserThroughApi(
        t,
        firm.mpc.token,
        clientFields(firm.services, {
          client_status_id: 1,
          additional_data: JSON.stringify({ ...subFormsOf(secrets).individual.data, aadhar: uniqueAadhaar() }),
        }),
      )
    ).id;
    expect(await eraseAadhaarOf(t.context.db, clients.huf)).toBe(1);
    expect(await vaultRowsOf(clients.huf)).toEqual([]);
    expect(await vaultRowsOf(other)).toHaveLength(1);
    const sensitive = await get(`/api/user/${clients.huf}/sensitive`);
    expect(sensitive.statusCode).toBe(200);
    const data = JSON.parse(sensitive.json().data.additional_data);
    expect(data).not.toHaveProperty('aadharofkarta');
    expect(data.bankdetails).toBe(secrets.account);

    expect(await eraseAadhaarOfFirm(t.context.db, firm.mpc.id)).toBeGreaterThanOrEqual(3);
    const left = await t.context.db
      .selectFrom('aadhaar_vault')
      .select('id')
      .where('firm_id', '=', firm.mpc.id)
      .execute();
    expect(left).toEqual([]);
  });
});
