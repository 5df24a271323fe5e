import { feesSaveSchema, type SacCode } from '@portal/contract/billing';
import { billingProfileSchema } from '@portal/contract/billing-profile';
import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import type { AppContext } from '../app-context.js';
import { type Actor, actorOfUser } from '../auth/actor.js';
import { saveClientFees } from '../modules/billing/fees.service.js';
import { readBillingProfile, saveBillingProfile } from '../modules/billing/profile.service.js';
import { listServiceCatalogue, saveService } from '../modules/services/services.service.js';
import { DEMO_FEES } from './demo-fees.js';
import { type DemoClient, type DemoServices, seedDemoInvoices } from './demo-invoices.js';

const ORIGIN = '127.0.0.1';

/** A GSTIN of a state code and a PAN, its check character worked out as the GST portal does. */
export const gstinOf = (stateCode: string, pan: string) =>
  `${stateCode}${pan}1Z${computeGstinCheckCharacter(`${stateCode}${pan}1Z`)}`;

/**
 * The SAC each demo service is billed under (the admin's choice in a real portal, from heading 9982):
 * returns and registrations of businesses are tax consulting and preparation (998231), an individual's
 * return is individual tax preparation (998232), incorporating a company is legal documentation (998213).
 */
const DEMO_SAC: Record<string, SacCode> = {
  'GST Return': '998231',
  'Income Tax Return (ITR)': '998232',
  'TAN Registration': '998231',
  'PAN Application': '998231',
  'Company Incorporation': '998213',
};

/** Each demo firm's supplier details: firm 1 in Karnataka with its clients (CGST + SGST), firm 2 in Tamil Nadu (IGST). */
const PROFILES = [
  {
    legal_name: 'Sharma & Associates, Chartered Accountants',
    address: '2nd Floor, 14 MG Road, Bengaluru 560001',
    state: 'Karnataka',
    stateCode: '29',
    pan: 'AAKFS5678P',
    invoice_prefix: 'SA',
    bank_name: 'HDFC Bank, MG Road',
    bank_account: '50100123456789',
    ifsc: 'HDFC0000123',
    upi_vpa: 'sharmaassociates@okhdfcbank',
    upi_payee: 'Sharma & Associates',
    signatory: 'Anand Sharma',
  },
  {
    legal_name: 'Iyer & Co., Chartered Accountants',
    address: 'No. 7, Cathedral Road, Chennai 600086',
    state: 'Tamil Nadu',
    stateCode: '33',
    pan: 'AAJFI2468Q',
    invoice_prefix: 'IC',
    bank_name: 'Indian Bank, Cathedral Road',
    bank_account: '6012345678',
    ifsc: 'IDIB000C032',
    upi_vpa: 'iyerandco@okicici',
    upi_payee: 'Iyer & Co.',
    signatory: 'Lakshmi Iyer',
  },
];
const TERMS = 'Payment within 15 days of the invoice date. Please quote the invoice number with your payment.';

/** A demo firm as seeded: its MPC and its clients. */
export type DemoFirm = { mpc: Parameters<typeof actorOfUser>[0]; clients: DemoClient[] };

/** The demo services' SAC codes, set through the catalogue's service as the admin would; a code chosen already stays. */
async function ensureSacCodes(context: AppContext, admin: Actor): Promise<DemoServices> {
  const services: DemoServices = new Map();
  for (const service of await listServiceCatalogue(context.db)) {
    const sac = DEMO_SAC[service.service_name];
    if (!sac) continue;
    services.set(service.service_name, { id: service.id, sac: (service.sac_code as SacCode | null) ?? sac });
    if (service.sac_code !== null) continue;
    const input = { service_id: service.id, service_name: service.service_name, sac_code: sac };
    await saveService(context, admin, input, ORIGIN);
  }
  return services;
}

/**
 * Billing for the demo firms, through the same services and rules as the API: the services' SAC codes,
 * each firm's billing profile, fees on its clients' services, and invoices in every state (demo-invoices.ts).
 * Safe to run again: a firm that has a billing profile is left as it is.
 */
export async function seedDemoBilling(context: AppContext, admin: Actor, firms: DemoFirm[]): Promise<void> {
  const services = await ensureSacCodes(context, admin);
  for (const [index, firm] of firms.entries()) {
    const profile = PROFILES[index];
    const mpc = actorOfUser(firm.mpc);
    if (!profile || (await readBillingProfile(context, mpc))) continue;
    const { stateCode, ...fields } = profile;
    const input = billingProfileSchema.parse({
      ...fields,
      registration: 'regular',
      gstin: gstinOf(stateCode, profile.pan),
      e_invoicing: false,
      terms: TERMS,
    });
    await saveBillingProfile(context, mpc, input, ORIGIN);
    for (const client of firm.clients) {
      const fees = Object.entries(DEMO_FEES[client.email] ?? {}).flatMap(([name, fee]) => {
        const service = services.get(name);
        return service ? [{ service_id: service.id, ...fee, gst_rate_bp: 1800 }] : [];
      });
      await saveClientFees(context, mpc, client.id, feesSaveSchema.parse({ fees }), ORIGIN);
    }
    await seedDemoInvoices(context, mpc, { index, clients: firm.clients, services });
  }
}
