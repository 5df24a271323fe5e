import { z } from 'zod';
import { assertPaise, roundToRupee } from './billing-money.js';
import { findIndianState, type INDIAN_STATES } from './indian-states.js';

/**
 * GST on a firm's invoice (issue 23, docs/billing.md): which document it is, where the supply is made,
 * which heads of tax it bears and how much, in integer paise.
 */

type IndianState = (typeof INDIAN_STATES)[number];

/** The GST state codes (the first two digits of a GSTIN), as the GST portal lists them. */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/**
 * Union territories without a legislature: a supply within one bears Union territory tax (UTGST Act
 * 2017 s.7) instead of State tax. Delhi, Puducherry and Jammu and Kashmir have legislatures: SGST.
 */
const UTGST_TERRITORIES: readonly IndianState[] = [
  'Andaman and Nicobar Islands',
  'Lakshadweep',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Ladakh',
  'Chandigarh',
];

/** The firm's registration (its billing profile). */
export type GstRegistration = 'regular' | 'composition' | 'unregistered';

/**
 * What the document is and which tax it bears:
 * - `intra_state`: CGST and SGST (or UTGST), half the rate each;
 * - `inter_state`: IGST at the rate;
 * - `reverse_charge`: no tax charged, the recipient pays it (legal services of an advocate firm to a
 *   business entity, notification 13/2017-Central Tax (Rate) entry 2);
 * - `bill_of_supply`: a composition firm charges no tax (CGST Act s.10(4), s.31(3)(c), rule 49);
 * - `no_gst`: an unregistered firm issues a plain invoice.
 */
export const supplyKindSchema = z.enum(['intra_state', 'inter_state', 'reverse_charge', 'bill_of_supply', 'no_gst']);
export type SupplyKind = z.infer<typeof supplyKindSchema>;

export type Supply = {
  kind: SupplyKind;
  /** The place of supply, by its listed name; null when neither side's state is known. */
  placeOfSupply: IndianState | null;
  /** The second head of an intra-state supply. */
  localHead: 'SGST' | 'UTGST';
  /** Under reverse charge, the heads the recipient pays (shown on the invoice, not charged). */
  reverseChargeInterState: boolean;
};

/**
 * The place of supply of a service with no special rule (IGST Act s.12(2)): the recipient's location
 * when registered or when its address is on record, otherwise the supplier's.
 */
export function placeOfSupplyOf(clientState: string | null, firmState: string): IndianState | null {
  const client = clientState ? (findIndianState(clientState) as IndianState | undefined) : undefined;
  return client ?? (findIndianState(firmState) as IndianState | undefined) ?? null;
}

/** The kind of supply an invoice of the firm to this client is. */
export function decideSupply(input: {
  registration: GstRegistration;
  firmState: string;
  clientState: string | null;
  reverseCharge: boolean;
}): Supply {
  const placeOfSupply = placeOfSupplyOf(input.clientState, input.firmState);
  const firmState = findIndianState(input.firmState) as IndianState | undefined;
  const interState = placeOfSupply !== null && firmState !== undefined && placeOfSupply !== firmState;
  const localHead = placeOfSupply !== null && UTGST_TERRITORIES.includes(placeOfSupply) ? 'UTGST' : 'SGST';
  const base = { placeOfSupply, localHead, reverseChargeInterState: false } as const;
  if (input.registration === 'unregistered') return { ...base, kind: 'no_gst' };
  if (input.registration === 'composition') return { ...base, kind: 'bill_of_supply' };
  if (input.reverseCharge) return { ...base, kind: 'reverse_charge', reverseChargeInterState: interState };
  return { ...base, kind: interState ? 'inter_state' : 'intra_state' };
}

/** One line as billed: quantity × rate less discount is its taxable value; the rate in basis points (1800 = 18 %). */
export type InvoiceLineAmounts = { quantity: number; ratePaise: number; discountPaise: number; gstRateBp: number };

export type TaxedLine = { taxable: number; cgst: number; local: number; igst: number };

/** A taxable value and its tax per head as answers carry them, in paise (`local` is SGST or UTGST). */
export const taxedPaiseSchema = z.object({
  taxable_paise: z.number(),
  cgst_paise: z.number(),
  local_paise: z.number(),
  igst_paise: z.number(),
});

/** An invoice's or credit note's amounts in answers: its tax per head, the round-off and the total. */
export const documentTotalsPaiseSchema = taxedPaiseSchema.extend({
  round_off_paise: z.number(),
  total_paise: z.number(),
});

export type InvoiceTotals = {
  lines: TaxedLine[];
  taxable: number;
  cgst: number;
  /** SGST or UTGST, as `Supply.localHead` names it. */
  local: number;
  igst: number;
  /** Under reverse charge: the tax the recipient pays, not part of the total. */
  reverseChargeTax: number;
  roundOff: number;
  total: number;
};

/** `amount × basisPoints / 10000`, half a paisa up: integers throughout. */
const taxOf = (amount: number, basisPoints: number) => Math.floor((amount * basisPoints + 5000) / 10_000);

/**
 * The invoice's amounts: each line's taxable value and tax per head (rounded to the paisa per line and
 * head, so the lines add up to the totals), the total rounded to the rupee with its round-off.
 */
export function computeInvoiceTotals(supply: Supply, lines: InvoiceLineAmounts[]): InvoiceTotals {
  const taxed = lines.map((line): TaxedLine => {
    for (const value of [line.quantity, line.ratePaise, line.discountPaise, line.gstRateBp]) assertPaise(value);
    const gross = line.quantity * line.ratePaise;
    if (line.quantity <= 0 || line.ratePaise < 0 || line.discountPaise < 0 || line.discountPaise > gross)
      throw new RangeError('A line needs a positive quantity and a discount no larger than its amount.');
    const taxable = gross - line.discountPaise;
    if (supply.kind === 'intra_state') {
      const half = taxOf(taxable, line.gstRateBp / 2);
      return { taxable, cgst: half, local: half, igst: 0 };
    }
    if (supply.kind === 'inter_state') return { taxable, cgst: 0, local: 0, igst: taxOf(taxable, line.gstRateBp) };
    return { taxable, cgst: 0, local: 0, igst: 0 };
  });
  const sum = (pick: (line: TaxedLine) => number) => taxed.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((line) => line.taxable);
  const [cgst, local, igst] = [sum((line) => line.cgst), sum((line) => line.local), sum((line) => line.igst)];
  const reverseChargeTax =
    supply.kind === 'reverse_charge'
      ? lines.reduce((total, line, index) => total + taxOf(taxed[index]?.taxable ?? 0, line.gstRateBp), 0)
      : 0;
  const { total, roundOff } = roundToRupee(taxable + cgst + local + igst);
  return { lines: taxed, taxable, cgst, local, igst, reverseChargeTax, roundOff, total };
}

/** Legal services (SAC 99821x): by an advocate firm to a business, the recipient pays the tax. */
const isLegalService = (sac: string) => sac.startsWith('99821');

const STATE_OF_GST_CODE = new Map(Object.entries(GST_STATE_CODES).map(([state, code]) => [code, state]));

/**
 * Where the client is, for the place of supply: a registered client's GSTIN says its state; otherwise the
 * state on its record. `unknown` when that state is not one the portal knows (a misspelt one would bill
 * the wrong tax, so the caller refuses it).
 */
export function locateClient(client: { state: string | null; gstin: string | null }): string | null | 'unknown' {
  const registered = client.gstin ? STATE_OF_GST_CODE.get(client.gstin.slice(0, 2)) : undefined;
  if (registered) return registered;
  if (client.state && !findIndianState(client.state)) return 'unknown';
  return client.state;
}

/**
 * The supply of an invoice from the firm's profile, the client and its lines' SAC codes: the one decision
 * the server stores and the editor shows live. Reverse charge applies when the firm is one of advocates,
 * every line is a legal service and the client, having a GSTIN, is a business entity. Null when the
 * client's state is not one the portal knows.
 */
export function decideInvoiceSupply(
  profile: { registration: GstRegistration; state: string; advocates: boolean },
  client: { state: string | null; gstin: string | null },
  sacCodes: string[],
): Supply | null {
  const clientState = locateClient(client);
  if (clientState === 'unknown') return null;
  const reverseCharge = profile.advocates && client.gstin !== null && sacCodes.every(isLegalService);
  return decideSupply({ registration: profile.registration, firmState: profile.state, clientState, reverseCharge });
}
