import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAadhaarVaultRef } from '@portal/contract/aadhaar-vault';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createBackup } from '../src/backup/create-backup.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { aadhaarKeysDirOf, loadAadhaarKeyring } from '../src/encryption/aadhaar-keyring.js';
import { exportKeys, importAadhaarKeys, readAadhaarKeysOf } from '../src/encryption/key-transfer.js';
import { activateKeyFile, createKeyFile, EncryptionKeyError, loadKeyring } from '../src/encryption/keyring.js';
import { sealValue } from '../src/encryption/value-cipher.js';
import {
  countAadhaarNotUnderActiveKey,
  readAadhaarFull,
  storeAadhaar,
} from '../src/modules/aadhaar-vault/aadhaar-vault.service.js';
import { sealDataAtRest } from '../src/modules/key-rotation/encrypt-at-rest.service.js';
import { findAadhaarLike, listAadhaarFieldValues } from './support/aadhaar.js';
import { findSecretsIn, listFilesUnder, uniqueAadhaar } from './support/secrets.js';
import { createTestClock } from './support/test-clock.js';
import { createTestDatabase, listTestDialects } from './support/test-database.js';

/** The last migration before the vault's: sub-forms as the previous release wrote them. */
const BEFORE_VAULT = '0055-folder-names-by-visibility';

describe.each(listTestDialects())('Aadhaar numbers written before the vault, on %s', (dialect) => {
  it('move into the vault at start, in batches, once: a second pass changes nothing; a rotation re-seals them', async () => {
    const test = await createTestDatabase(dialect, { upTo: BEFORE_VAULT });
    const config = loadConfig({ DATA_DIR: test.dataDir, LOG_LEVEL: 'silent' });
    // The data key of the previous release, which sealed each number on its own in the sub-form.
    const keyring = loadKeyring({ encryptionKey: undefined, dataDir: test.dataDir });
    const seal = (value: string) => sealValue(keyring, value);
    const db = test.database.db;
    const now = new Date().toISOString();
    let serial = 0;
    const userValues = (roleId: number, firmId: number | null, subForm: object | null, keyId: string | null) => {
      serial += 1;
      return {
        role_id: roleId,
        firm_id: firmId,
        first_name: `Old${serial}`,
        last_name: 'Client',
        email: `old${serial}.${Date.now()}@client.in`,
        username: `old${serial}${Date.now()}`,
        password_hash: 'x',
        client_status_id: roleId === 5 ? 1 : null,
        additional_data: subForm ? JSON.stringify(subForm) : null,
        secrets_key_id: keyId,
        status: 'active',
        created_at: now,
        updated_at: now,
      };
    };
    const insertUser = async (...values: Parameters<typeof userValues>) =>
      (
        await db
          .insertInto('users')
          .values(userValues(...values))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const mpc = await insertUser(2, null, null, '');
    const numbers = {
      sealed: uniqueAadhaar(),
      karta: uniqueAadhaar(),
      plaintext: uniqueAadhaar(),
      director: uniqueAadhaar(),
      partners: Array.from({ length: 3 }, () => uniqueAadhaar()),
    };
    const active = keyring.active().id;
    const individual = await insertUser(
      5,
      mpc,
      { dob: '1980-05-01', aadhar: seal(numbers.sealed), msem: 'no' },
      active,
    );
    const huf = await insertUser(
      5,
      mpc,
      { nameofkarta: 'Mohan', aadharofkarta: seal(numbers.karta), bankdetails: seal('501001234567'), msem: 'no' },
      active,
    );
    // Written before encryption at rest: the number in clear.
    const plain = await insertUser(5, mpc, { aadhar: numbers.plaintext, msem: 'no' }, null);
    const company = await insertUser(
      5,
      mpc,
      {
        first_name: 'Director',
        aadhar: seal(numbers.director),
        password: seal('Portal#Old-1'),
        number_of_partners: 3,
        partners: numbers.partners.map((number, index) => ({ nameofpartner: `P${index}`, aadharnumber: seal(number) })),
      },
      active,
    );
    // More clients than a batch holds, each with a number, so the move runs in several transactions.
    const manyNumbers = Array.from({ length: 230 }, () => uniqueAadhaar());
    const manyIds = await db
      .insertInto('users')
      .values(manyNumbers.map((number) => userValues(5, mpc, { aadhar: seal(number), msem: 'no' }, active)))
      .returning('id')
      .execute();
    const many = manyIds.map((row, index) => ({ id: row.id, number: manyNumbers[index] as string }));

    await test.migrateRest();
    const { app, context } = await buildApp({ config, database: test.database, clock: createTestClock() });
    try {
      const all = [numbers.sealed, numbers.karta, numbers.plaintext, numbers.director, ...numbers.partners];
      const first = await sealDataAtRest(context, 'plaintext');
      expect(first).toMatchObject({ aadhaar: all.length + many.length, skipped: 0 });

      const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
      expect(findAadhaarLike(JSON.stringify(rows))).toEqual([]);
      expect(findSecretsIn(Buffer.from(JSON.stringify(rows)), [...all, ...many.map((entry) => entry.number)])).toEqual(
        [],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const fieldsOf = (id: number) => listAadhaarFieldValues(byId.get(id)?.additional_data ?? null);
      expect(fieldsOf(company)).toHaveLength(4);
      for (const id of [individual, huf, plain, company]) expect(fieldsOf(id).every(isAadhaarVaultRef)).toBe(true);
      // What else was sealed stays sealed under the data key; a sub-form left with no sealed value says so.
      expect(byId.get(huf)?.secrets_key_id).toBe(active);
      expect(byId.get(company)?.secrets_key_id).toBe(active);
      expect(byId.get(individual)?.secrets_key_id).toBe('');
      expect(byId.get(plain)?.secrets_key_id).toBe('');

      // Each reference opens its own number, through the vault.
      const reader = { actorId: mpc, ip: '127.0.0.1', reason: 'edit_form' as const };
      const refsOf = (id: number) => fieldsOf(id).map((value) => (value as { ref: string }).ref);
      const opened = await readAadhaarFull(context, { ownerUserId: company, refs: refsOf(company) }, reader);
      expect(refsOf(company).map((ref) => opened.get(ref))).toEqual([numbers.director, ...numbers.partners]);
      const last = many.at(-1) as { id: number; number: string };
      const lastOpened = await readAadhaarFull(context, { ownerUserId: last.id, refs: refsOf(last.id) }, reader);
      expect([...lastOpened.values()]).toEqual([last.number]);
      // A reference opens nothing of another owner's.
      expect((await readAadhaarFull(context, { ownerUserId: huf, refs: refsOf(company) }, reader)).size).toBe(0);

      // Run again: nothing to do, nothing changed.
      const vaultBefore = await db.selectFrom('aadhaar_vault').selectAll().orderBy('id').execute();
      expect(vaultBefore).toHaveLength(all.length + many.length);
      expect(await sealDataAtRest(context, 'plaintext')).toEqual({
        users: 0,
        aadhaar: 0,
        files: 0,
        documents: 0,
        skipped: 0,
      });
      expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(rows);
      expect(await db.selectFrom('aadhaar_vault').selectAll().orderBy('id').execute()).toEqual(vaultBefore);

      // A rotation of the vault's key re-seals every number under the new key, and each still opens.
      const vaultDir = context.aadhaarKeyring.keysDir;
      const fresh = createKeyFile(vaultDir);
      activateKeyFile(vaultDir, fresh.id);
      context.aadhaarKeyring.reload();
      expect(await countAadhaarNotUnderActiveKey(context)).toBe(vaultBefore.length);
      const rotated = await sealDataAtRest(context, 'all');
      expect(rotated).toMatchObject({ aadhaar: vaultBefore.length, skipped: 0 });
      expect(await countAadhaarNotUnderActiveKey(context)).toBe(0);
      const after = await db.selectFrom('aadhaar_vault').selectAll().orderBy('id').execute();
      expect(after.every((row) => row.key_id === fresh.id)).toBe(true);
      expect(after.map((row) => row.ref)).toEqual(vaultBefore.map((row) => row.ref));
      const reopened = await readAadhaarFull(context, { ownerUserId: company, refs: refsOf(company) }, reader);
      expect(refsOf(company).map((ref) => reopened.get(ref))).toEqual([numbers.director, ...numbers.partners]);
    } finally {
      await app.close();
      await test.drop();
    }
  }, 120_000);
});

describe("the Aadhaar vault's key", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-aadhaar-keys-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const newKey = () => randomBytes(32).toString('base64url');

  it('is never a data key: in the environment or in the key folders', () => {
    const shared = newKey();
    expect(() => loadConfig({ ENCRYPTION_KEY: shared, AADHAAR_KEY: `${newKey()},${shared}` })).toThrow(ConfigError);
    expect(() => loadConfig({ ENCRYPTION_KEY: shared, AADHAAR_KEY: `${newKey()},${shared}` })).toThrow(
      'Invalid configuration: AADHAAR_KEY must not repeat a key of ENCRYPTION_KEY',
    );
    expect(() => loadConfig({ AADHAAR_KEY: 'short' })).toThrow(/^Invalid configuration: AADHAAR_KEY must be/);
    const dataDir = path.join(root, 'shared');
    const dataKeyring = loadKeyring({ encryptionKey: undefined, dataDir });
    expect(() =>
      loadAadhaarKeyring({ aadhaarKey: dataKeyring.active().key.toString('base64url'), dataDir }, dataKeyring),
    ).toThrow(EncryptionKeyError);
    // Generated apart, beside the data key's folder.
    const vault = loadAadhaarKeyring({ aadhaarKey: undefined, dataDir }, dataKeyring);
    expect(vault.source).toBe('directory');
    expect(vault.keysDir).toBe(path.join(dataDir, 'keys', 'aadhaar'));
    expect(vault.active().id).not.toBe(dataKeyring.active().id);
    expect(fs.statSync(vault.keysDir).mode & 0o777).toBe(0o700);
  });

  it('travels in the exported key file and comes back with keys:import', () => {
    const dataDir = path.join(root, 'source');
    const dataKeyring = loadKeyring({ encryptionKey: undefined, dataDir });
    const vault = loadAadhaarKeyring({ aadhaarKey: undefined, dataDir }, dataKeyring);
    const keyFile = path.join(root, 'keys.env');
    expect(exportKeys({ encryptionKey: undefined, dataDir }, keyFile)).toEqual([dataKeyring.active().id]);
    const text = fs.readFileSync(keyFile, 'utf8');
    expect(text).toContain(`AADHAAR_KEY=${vault.active().key.toString('base64url')}`);
    expect(readAadhaarKeysOf(keyFile).map((key) => key.id)).toEqual([vault.active().id]);

    const restored = path.join(root, 'restored');
    expect(importAadhaarKeys(restored, readAadhaarKeysOf(keyFile))).toEqual({
      added: [vault.active().id],
      present: [],
      activated: vault.active().id,
    });
    const back = loadAadhaarKeyring(
      { aadhaarKey: undefined, dataDir: restored },
      loadKeyring({ encryptionKey: undefined, dataDir: restored }),
    );
    expect(back.active().key.equals(vault.active().key)).toBe(true);
    // An export made before the vault had a key has no such line: nothing to import, no error.
    const older = path.join(root, 'older.env');
    fs.writeFileSync(older, `ENCRYPTION_KEY=${newKey()}\n`);
    expect(readAadhaarKeysOf(older)).toEqual([]);
    expect(fs.existsSync(aadhaarKeysDirOf(path.join(root, 'never')))).toBe(false);
  });

  it('is named by id in a backup, which holds neither it nor a number', async () => {
    const test = await createTestDatabase('sqlite');
    const config = loadConfig({ DATA_DIR: test.dataDir, LOG_LEVEL: 'silent' });
    const { app, context } = await buildApp({ config, database: test.database, clock: createTestClock() });
    try {
      const now = new Date().toISOString();
      const number = uniqueAadhaar();
      const owner = await test.database.db
        .insertInto('users')
        .values({
          role_id: 5,
          first_name: 'Backed',
          last_name: 'Up',
          email: `backed.${Date.now()}@client.in`,
          username: `backed${Date.now()}`,
          password_hash: 'x',
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await storeAadhaar(context, { userId: owner.id, firmId: null }, number);
      const destination = path.join(root, 'backup');
      const { manifest } = await createBackup({ dataDir: test.dataDir, databaseUrl: undefined, destination });
      expect(manifest.aadhaarKeyIds).toEqual([context.aadhaarKeyring.active().id]);
      expect(manifest.keyIds).not.toContain(context.aadhaarKeyring.active().id);
      const key = context.aadhaarKeyring.active().key;
      for (const file of listFilesUnder(destination)) {
        const bytes = fs.readFileSync(file);
        expect(bytes.includes(key) || bytes.includes(Buffer.from(key.toString('base64url'))), file).toBe(false);
        expect(findSecretsIn(bytes, [number]), file).toEqual([]);
      }
    } finally {
      await app.close();
      await test.drop();
    }
  });
});
