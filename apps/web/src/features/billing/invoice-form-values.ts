import { DEFAULT_GST_RATE_BP } from '@portal/contract/billing';
import { formatRupeesForInput, parseRupees } from '@portal/contract/billing-money';
import type { BillingProfile } from '@portal/contract/billing-profile';
import {
  computeInvoiceTotals,
  decideInvoiceSupply,
  type GstRegistration,
  type InvoiceTotals,
  type Supply,
} from '@portal/contract/billing-tax';
import type { Invoice, InvoiceDraftInput } from '@portal/contract/invoices';
import { addDays, formatIndianDate, indianDateOf, parseIndianDate } from '@portal/contract/plain-dates';
import { typedPaise } from './receipt-form-values';
import type { TaxSplitAmounts } from './tax-split';

/** One line as typed: amounts as rupees text, the rate as its basis points in text (a select's value). */
export type LineValues = {
  description: string;
  sac: string;
  quantity: string;
  rate: string;
  discount: string;
  gst_rate_bp: string;
  /** The work items the line bills (kept as they came from Ready to bill; not typed). */
  work_item_ids: number[];
  /** The retainer period or one-off fee it bills, kept the same way: a save that dropped it would free it. */
  period: { service_id: number; period_key: string } | null;
};

export type InvoiceValues = {
  client_id: string;
  invoice_date: string;
  due_date: string;
  notes: string;
  lines: LineValues[];
};

/** Days a new invoice is due in, unless the firm changes it on the invoice. */
export const DEFAULT_DUE_DAYS = 15;

export const emptyLine = (sac = '998231'): LineValues => ({
  description: '',
  sac,
  quantity: '1',
  rate: '',
  discount: '',
  gst_rate_bp: String(DEFAULT_GST_RATE_BP),
  work_item_ids: [],
  period: null,
});

/** A new invoice dated today in India, due in 15 days; or the draft as stored. */
export function toInvoiceValues(invoice: Invoice | undefined, now = new Date()): InvoiceValues {
  if (!invoice) {
    const today = indianDateOf(now);
    return {
      client_id: '',
      invoice_date: formatIndianDate(today),
      due_date: formatIndianDate(addDays(today, DEFAULT_DUE_DAYS)),
      notes: '',
      lines: [emptyLine()],
    };
  }
  return {
    client_id: String(invoice.client_id),
    invoice_date: formatIndianDate(invoice.invoice_date),
    due_date: formatIndianDate(invoice.due_date),
    notes: invoice.notes ?? '',
    lines: invoice.lines.map((line) => ({
      description: line.description,
      sac: line.sac,
      quantity: String(line.quantity),
      rate: formatRupeesForInput(line.rate_paise),
      discount: line.discount_paise ? formatRupeesForInput(line.discount_paise) : '',
      gst_rate_bp: String(line.gst_rate_bp),
      work_item_ids: line.work_item_ids,
      period: line.period ?? null,
    })),
  };
}

const wholeOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : -1);

/** The values as the contract's draft: paise, whole numbers, ISO dates (left as typed when not a date). */
export function toInvoiceBody(values: InvoiceValues): InvoiceDraftInput {
  return {
    client_id: values.client_id === '' ? 0 : Number(values.client_id),
    invoice_date: parseIndianDate(values.invoice_date) ?? values.invoice_date,
    due_date: parseIndianDate(values.due_date) ?? values.due_date,
    notes: values.notes.trim() === '' ? null : values.notes,
    lines: values.lines.map((line) => ({
      description: line.description,
      sac: line.sac as InvoiceDraftInput['lines'][number]['sac'],
      quantity: wholeOf(line.quantity),
      // An empty rate is no amount (refused); an empty discount is none.
      rate_paise: line.rate.trim() === '' ? -1 : typedPaise(line.rate),
      discount_paise: typedPaise(line.discount),
      gst_rate_bp: Number(line.gst_rate_bp),
      work_item_ids: line.work_item_ids,
      period: line.period,
    })),
  };
}

function amountsOf(supply: Supply, totals: InvoiceTotals): TaxSplitAmounts {
  return {
    supply_kind: supply.kind,
    local_head: supply.localHead,
    place_of_supply: supply.placeOfSupply,
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    local_paise: totals.local,
    igst_paise: totals.igst,
    reverse_charge_paise: totals.reverseChargeTax,
    round_off_paise: totals.roundOff,
    total_paise: totals.total,
  };
}

/**
 * The tax split of the lines typed so far, by the contract's own arithmetic (the server stores the same):
 * lines not yet amounts are left out; null until the profile and the client are known.
 */
export function computeLiveSplit(
  profile: BillingProfile | null | undefined,
  client: { state: string | null; gstin: string | null } | undefined,
  lines: LineValues[],
): TaxSplitAmounts | null {
  if (!profile || !client) return null;
  const priced = lines.flatMap((line) => {
    const quantity = wholeOf(line.quantity);
    const ratePaise = parseRupees(line.rate);
    const discountPaise = line.discount.trim() === '' ? 0 : parseRupees(line.discount);
    if (quantity < 1 || ratePaise === undefined || discountPaise === undefined) return [];
    if (discountPaise > quantity * ratePaise) return [];
    return [{ sac: line.sac, quantity, ratePaise, discountPaise, gstRateBp: Number(line.gst_rate_bp) }];
  });
  const supply = decideInvoiceSupply(
    { registration: profile.registration as GstRegistration, state: profile.state, advocates: profile.advocates },
    client,
    priced.map((line) => line.sac),
  );
  if (!supply) return null;
  return amountsOf(supply, computeInvoiceTotals(supply, priced));
}
