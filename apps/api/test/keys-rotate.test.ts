import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../src/modules/mail/mail-queue.js';
import { computeTotp, decodeBase32, totpStepAt } from '../src/modules/two-factor/totp.js';
import { BILLING_PROFILE } from './support/billing.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { type Secrets, secretValues, subFormsOf } from './support/secrets.js';
import { runScript } from './support/server-process.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Runs `npm run keys:rotate`'s entry on a DATA_DIR, as an operator would while the portal runs. */
function runRotation(
  dataDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return runScript('src/keys-rotate.ts', args, { DATA_DIR: dataDir, ...env });
}

// SQLite: the script and the running portal share the database file, as on one machine.
describe('npm run keys:rotate while the portal runs (SQLite)', () => {
  let t: TestApp;
  let firm: TestFirm;
  let secrets: Secrets;
  let clientId: number;
  let downloadUrl: string;
  let totpSecret: string;
  /** The authenticator app's code, `offset` steps from the test clock's now. */
  const codeNow = (offset = 0) => computeTotp(decodeBase32(totpSecret), totpStepAt(t.clock.now()) + offset);

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    firm = await buildFirm(t, await t.signIn(await t.createUser('admin')));
    secrets = secretValues();
    const huf = subFormsOf(secrets).huf;
    clientId = (
      await createUserThroughApi(
        t,
        firm.mpc.token,
        clientFields(firm.services, {
          client_status_id: huf.client_status_id,
          additional_data: JSON.stringify(huf.data),
        }),
        [{ field: 'pan_proof', name: 'pan.png', content: SAMPLE_FILES.png }],
      )
    ).id;
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: { folder_name: 'Returns', client_id: clientId, service_id: firm.services[0], folder_id: '' },
    });
    downloadUrl = (
      await uploadFileThroughApi(
        t,
        firm.mpc.token,
        {
          is_deleted: '0',
          client_id: clientId,
          service_id: firm.services[0] as number,
          folder_id: folder.json().data.folder_id,
        },
        [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
      )
    ).json().data.download_url;
    // The PC signs in with a second factor, whose secret is sealed under the key before the rotation.
    totpSecret = (await t.request({ method: 'POST', url: '/api/2fa/setup', token: firm.pc.token })).json().data.secret;
    const enabled = await t.request({
      method: 'POST',
      url: '/api/2fa/enable',
      token: firm.pc.token,
      payload: { code: codeNow(), current_password: firm.pc.password },
    });
    if (enabled.statusCode !== 200) throw new Error(enabled.body);
    // The firm's bank account on its billing profile is a sealed value too.
    const profile = await t.request({
      method: 'PUT',
      url: '/api/billing/profile',
      token: firm.mpc.token,
      payload: { ...BILLING_PROFILE, bank_account: '001234567890' },
    });
    if (profile.statusCode !== 200) throw new Error(profile.body);
    // A message still waiting in the queue: its body is sealed too. The delivery the 2FA notice woke is let
    // finish first, so that nothing sends this one before the rotation.
    await t.context.mail.deliverDue();
    await queueMail(t.context.db, t.context, {
      to: 'waiting@firm.in',
      subject: 'Practice Portal: waiting',
      text: 'Queued before the rotation',
      html: '<p>Queued before the rotation</p>',
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const keyFiles = () => fs.readdirSync(path.join(t.dataDir, 'keys')).filter((name) => name.endsWith('.key'));
  const activeKey = () => fs.readFileSync(path.join(t.dataDir, 'keys', 'active'), 'utf8').trim();
  const activeAadhaarKey = () => fs.readFileSync(path.join(t.dataDir, 'keys', 'aadhaar', 'active'), 'utf8').trim();
  const aadhaarKeyFiles = () =>
    fs.readdirSync(path.join(t.dataDir, 'keys', 'aadhaar')).filter((name) => name.endsWith('.key'));

  it('moves every value and file under a new key and the running portal keeps reading and writing', async () => {
    const oldKey = activeKey();
    const oldAadhaarKey = activeAadhaarKey();
    const { code, output } = await runRotation(t.dataDir);
    expect(code, output).toBe(0);
    const newKey = activeKey();
    expect(newKey).not.toBe(oldKey);
    expect(output).toContain(`New key ${newKey} is active (was ${oldKey}).`);
    expect(keyFiles().sort()).toEqual([`${newKey}.key`, `${oldKey}.key`].sort());

    // The Aadhaar vault turns with it: a new key of its own, the karta's number re-sealed under it.
    const newAadhaarKey = activeAadhaarKey();
    expect(newAadhaarKey).not.toBe(oldAadhaarKey);
    expect([newKey, oldKey]).not.toContain(newAadhaarKey);
    expect(output).toContain(`New Aadhaar key ${newAadhaarKey} is active (was ${oldAadhaarKey}).`);
    expect(output).toContain(`Re-encrypted 1 Aadhaar numbers in the vault under ${newAadhaarKey}.`);
    const vaultRows = await t.context.db.selectFrom('aadhaar_vault').select(['key_id', 'sealed_number']).execute();
    expect(vaultRows.map((row) => row.key_id)).toEqual([newAadhaarKey]);
    expect(vaultRows[0]?.sealed_number).toMatch(new RegExp(`^enc:v1:${newAadhaarKey}:`));

    const keys = await t.context.db
      .selectFrom('users')
      .select('secrets_key_id')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(keys.secrets_key_id).toBe(newKey);
    expect((await t.context.db.selectFrom('files').select('key_id').executeTakeFirstOrThrow()).key_id).toBe(newKey);
    const pcRow = await t.context.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', firm.pc.id)
      .executeTakeFirstOrThrow();
    expect(pcRow.totp_secret).toMatch(new RegExp(`^enc:v1:${newKey}:`));
    const queued = await t.context.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('recipient', '=', 'waiting@firm.in')
      .executeTakeFirstOrThrow();
    expect(queued.body).toMatch(new RegExp(`^enc:v1:${newKey}:`));
    const billing = await t.context.db.selectFrom('billing_profiles').select('bank_account').executeTakeFirstOrThrow();
    expect(billing.bank_account).toMatch(new RegExp(`^enc:v1:${newKey}:`));
    const read = await t.request({ method: 'GET', url: '/api/billing/profile', token: firm.mpc.token });
    expect(read.json().data.bank_account_masked).toBe('XXXX7890');

    // The portal, started before the rotation, reads the new key's data and writes under it.
    const sensitive = await t.request({ method: 'GET', url: `/api/user/${clientId}/sensitive`, token: firm.mpc.token });
    expect(JSON.parse(sensitive.json().data.additional_data)).toMatchObject({
      bankdetails: secrets.account,
      aadharofkarta: secrets.kartaAadhaar,
    });
    expect((await t.request({ method: 'GET', url: downloadUrl })).rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // A HUF: its bank details are sealed with the data key (an individual's Aadhaar is in the vault).
    const later = await createUserThroughApi(
      t,
      firm.mpc.token,
      clientFields(firm.services, {
        client_status_id: 2,
        additional_data: JSON.stringify(subFormsOf(secrets).huf.data),
      }),
    );
    const laterKey = await t.context.db
      .selectFrom('users')
      .select('secrets_key_id')
      .where('id', '=', later.id)
      .executeTakeFirstOrThrow();
    expect(laterKey.secrets_key_id).toBe(newKey);
  }, 60_000);

  it('removes old key files only when asked, after every upload begun under them is over', async () => {
    // An upload that began under the old key and is still sending while the rotation runs.
    const started = Date.now();
    const { code, output } = await runRotation(t.dataDir, ['--retire-old-keys'], { REQUEST_TIMEOUT_SECONDS: '3' });
    expect(code, output).toBe(0);
    expect(output).toContain('Waiting 6 s for uploads begun under an old key to finish...');
    expect(Date.now() - started).toBeGreaterThanOrEqual(5500);
    expect(keyFiles()).toEqual([`${activeKey()}.key`]);
    expect(output).toContain('Removed 2 old key files.');
    expect(aadhaarKeyFiles()).toEqual([`${activeAadhaarKey()}.key`]);
    expect(output).toContain('Removed 2 old Aadhaar key files.');
    // The karta's number, re-sealed under the vault's new key, still opens: the old key is gone.
    const sensitive = await t.request({ method: 'GET', url: `/api/user/${clientId}/sensitive`, token: firm.mpc.token });
    expect(JSON.parse(sensitive.json().data.additional_data).aadharofkarta).toBe(secrets.kartaAadhaar);
    const detail = await t.request({ method: 'GET', url: `/api/user/detail/${clientId}`, token: firm.mpc.token });
    expect(JSON.parse(detail.json().data.additional_data).bankdetails).toBe(`XXXX${secrets.account.slice(-4)}`);
    expect((await t.request({ method: 'GET', url: downloadUrl })).rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    // The PC's second factor, moved under the new key, still opens: the old key is gone.
    const first = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: firm.pc.email, password: firm.pc.password },
    });
    const second = await t.request({
      method: 'POST',
      url: '/api/login/2fa',
      payload: { challenge: first.json().data.challenge, code: codeNow(1) },
    });
    expect(second.statusCode).toBe(200);
    // The queued message, moved under the new key, is delivered once the old key is gone (here, or by the
    // delivery a sign-in's own mail woke).
    await t.context.mail.deliverDue();
    const mail = (await readOutbox(t.dataDir)).find((message) => message.to === 'waiting@firm.in');
    expect([mail?.to, mail?.text.trim()]).toEqual(['waiting@firm.in', 'Queued before the rotation']);
  }, 60_000);
});
