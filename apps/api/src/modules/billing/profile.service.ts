import type { BillingProfile, BillingProfileSave } from '@portal/contract/billing-profile';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { openValue, sealValue } from '../../encryption/value-cipher.js';
import { ownFirmFor } from '../../policy/own-firm.js';
import { recordAudit } from '../audit/audit.service.js';
import { findProfileOfFirm, type ProfileRow, saveProfileOfFirm } from './profile.repository.js';

/** The caller's own firm, as the target of `billing.profile` (its MPC; the admin has no firm's billing). */
export function ownFirm(actor: Actor): number {
  return ownFirmFor(actor, 'billing.profile');
}

const lastFour = (digits: string) => `XXXX${digits.slice(-4)}`;

function presentProfile(context: AppContext, row: ProfileRow): BillingProfile {
  return {
    legal_name: row.legal_name,
    address: row.address,
    state: row.state,
    registration: row.registration as BillingProfile['registration'],
    gstin: row.gstin,
    pan: row.pan,
    e_invoicing: row.e_invoicing === 1,
    advocates: row.advocates === 1,
    invoice_prefix: row.invoice_prefix,
    bank_name: row.bank_name,
    bank_account_masked: row.bank_account ? lastFour(openValue(context.keyring, row.bank_account)) : null,
    ifsc: row.ifsc,
    upi_vpa: row.upi_vpa,
    upi_payee: row.upi_payee,
    terms: row.terms,
    signatory: row.signatory,
    updated_at: row.updated_at,
  };
}

/** `GET /api/billing/profile`: the firm's profile, or null before its MPC set one. */
export async function readBillingProfile(context: AppContext, actor: Actor): Promise<BillingProfile | null> {
  const row = await findProfileOfFirm(context.db, ownFirm(actor));
  return row ? presentProfile(context, row) : null;
}

/**
 * `PUT /api/billing/profile`: the whole profile; the bank account, sealed, stays as stored when the body
 * leaves it out (the answer only ever shows it masked) and goes when it is null.
 */
export async function saveBillingProfile(
  context: AppContext,
  actor: Actor,
  input: BillingProfileSave,
  ip: string,
): Promise<BillingProfile> {
  const firmId = ownFirm(actor);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const before = await findProfileOfFirm(trx, firmId);
    const account =
      input.bank_account === undefined
        ? (before?.bank_account ?? null)
        : input.bank_account === null
          ? null
          : sealValue(context.keyring, input.bank_account);
    await saveProfileOfFirm(trx, firmId, {
      legal_name: input.legal_name,
      address: input.address,
      state: input.state,
      registration: input.registration,
      gstin: input.registration === 'unregistered' ? null : (input.gstin ?? null),
      pan: input.pan,
      e_invoicing: input.e_invoicing ? 1 : 0,
      advocates: input.advocates ? 1 : 0,
      invoice_prefix: input.invoice_prefix,
      bank_name: input.bank_name ?? null,
      bank_account: account,
      ifsc: input.ifsc ?? null,
      upi_vpa: input.upi_vpa ?? null,
      upi_payee: input.upi_payee ?? null,
      terms: input.terms ?? null,
      signatory: input.signatory,
      updated_by: actor.id,
      updated_at: at.toISOString(),
    });
    // What changed is named, never the values (a bank account is not written to the log).
    await recordAudit(trx, { actorId: actor.id, action: 'billing.profile', details: {}, ip, at });
  });
  return (await readBillingProfile(context, actor)) as BillingProfile;
}
