import { BILLING_PROFILE_MESSAGES as M } from '@portal/contract/billing-profile';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { BILLING_PROFILE } from './support/billing.js';
import { useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

/** Issue 23: the firm's billing profile, its MPC's; the bank account sealed at rest and answered masked. */
describe.each(listTestDialects())('the billing profile on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const path = '/api/billing/profile';
  const put = (body: object, token = firm.mpc.token) => call('PUT', path, token, body);

  it('is empty until the MPC saves it; the bank account is sealed, answered masked, kept when left out', async () => {
    expect((await call('GET', path, firm.mpc.token)).json().data).toBeNull();
    const saved = await put({
      ...BILLING_PROFILE,
      gstin: '27aapfu0939f1zv',
      ifsc: 'hdfc0001234',
      bank_account: '0012 3456 7890',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      legal_name: BILLING_PROFILE.legal_name,
      state: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
      ifsc: 'HDFC0001234',
      bank_account_masked: 'XXXX7890',
      e_invoicing: false,
    });
    expect(saved.json().data).not.toHaveProperty('bank_account');
    expect(saved.body).not.toContain('001234567890');
    const row = await t.context.db.selectFrom('billing_profiles').selectAll().executeTakeFirstOrThrow();
    expect(row.bank_account).toMatch(/^enc:v1:/);
    expect(row.firm_id).toBe(firm.mpc.id);

    // Saved again without the account: it stays; with null: it goes.
    const kept = await put({ ...BILLING_PROFILE, legal_name: 'Shah and Co' });
    expect(kept.json().data).toMatchObject({ legal_name: 'Shah and Co', bank_account_masked: 'XXXX7890' });
    expect((await put({ ...BILLING_PROFILE, bank_account: null })).json().data.bank_account_masked).toBeNull();

    const logged = await readAuditEvents(t, 'billing.profile');
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged)).not.toContain('7890');
  });

  it('checks the GSTIN against its checksum, the state and the PAN, and writes nothing it refuses', async () => {
    const errorsOf = async (body: object) => {
      const answer = await put(body);
      expect(answer.statusCode).toBe(422);
      return answer.json().errors;
    };
    expect(await errorsOf({ ...BILLING_PROFILE, gstin: '27AAPFU0939F1ZW' })).toEqual({ gstin: [M.gstinInvalid] });
    expect(await errorsOf({ ...BILLING_PROFILE, state: 'Karnataka' })).toEqual({ gstin: [M.gstinNotOfState] });
    expect(await errorsOf({ ...BILLING_PROFILE, pan: 'ABCPE1234F' })).toEqual({ pan: [M.panNotOfGstin] });
    expect(await errorsOf({ ...BILLING_PROFILE, gstin: null })).toEqual({ gstin: [M.gstinRequired] });
    expect(await errorsOf({ ...BILLING_PROFILE, registration: 'unregistered' })).toEqual({
      gstin: [M.gstinWhenUnregistered],
    });
    expect(
      await errorsOf({
        ...BILLING_PROFILE,
        state: 'Atlantis',
        invoice_prefix: 'INVOICE',
        ifsc: 'HDFC1234',
        upi_vpa: 'not a vpa',
        bank_account: '12ab',
      }),
    ).toEqual({
      state: [M.stateInvalid],
      invoice_prefix: [M.prefixInvalid],
      ifsc: [M.ifscInvalid],
      upi_vpa: [M.vpaInvalid],
      bank_account: [M.accountInvalid],
    });
    expect(await t.context.db.selectFrom('billing_profiles').selectAll().execute()).toEqual([]);

    // A firm not registered for GST has no GSTIN; "NCT of Delhi" names Delhi.
    const plain = await put({ ...BILLING_PROFILE, registration: 'unregistered', gstin: null, state: 'NCT of Delhi' });
    expect(plain.json().data).toMatchObject({ registration: 'unregistered', gstin: null, state: 'Delhi' });
  });

  it('is nobody’s but the MPC’s: its staff, its clients and the admin are refused', async () => {
    for (const token of [firm.pc.token, firm.executor.token, firm.client.token, admin.token]) {
      expect((await call('GET', path, token)).statusCode).toBe(403);
      expect((await put(BILLING_PROFILE, token)).statusCode).toBe(403);
    }
    expect(await t.context.db.selectFrom('billing_profiles').selectAll().execute()).toEqual([]);
  });
});
