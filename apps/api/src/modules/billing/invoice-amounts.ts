import { computeInvoiceTotals, decideInvoiceSupply, type GstRegistration } from '@portal/contract/billing-tax';
import { type InvoiceDraft, INVOICE_MESSAGES as M } from '@portal/contract/invoices';
import { failValidation } from '../../http/http-error.js';
import type { BillableClient } from './billable-client.js';
import type { ProfileRow } from './profile.repository.js';

/** The invoice's (or credit note's) amount columns from the contract's totals. */
export function totalColumnsOf(totals: ReturnType<typeof computeInvoiceTotals>) {
  return {
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    local_paise: totals.local,
    igst_paise: totals.igst,
    round_off_paise: totals.roundOff,
    total_paise: totals.total,
    reverse_charge_paise: totals.reverseChargeTax,
  };
}

/** A line as drafted (or as stored, for the second reckoning). */
type LineInput = Omit<InvoiceDraft['lines'][number], 'sac'> & { sac: string };

/**
 * The invoice's supply and amounts from the firm's profile, the client and the lines: the contract's one
 * computation (billing-tax.ts), in paise.
 */
export function computeInvoiceAmounts(profile: ProfileRow, client: BillableClient, lines: LineInput[]) {
  const supply = decideInvoiceSupply(
    { registration: profile.registration as GstRegistration, state: profile.state, advocates: profile.advocates === 1 },
    client,
    lines.map((line) => line.sac),
  );
  // A client's state the portal does not know would bill the wrong tax: it is corrected first.
  if (!supply) return failValidation('client_id', M.clientStateUnknown);
  const totals = computeInvoiceTotals(
    supply,
    lines.map((line) => ({
      quantity: line.quantity,
      ratePaise: line.rate_paise,
      discountPaise: line.discount_paise,
      gstRateBp: line.gst_rate_bp,
    })),
  );
  const lineValues = lines.map((line, index) => {
    const taxed = totals.lines[index] as (typeof totals.lines)[number];
    return {
      description: line.description,
      sac: line.sac,
      quantity: line.quantity,
      rate_paise: line.rate_paise,
      discount_paise: line.discount_paise,
      gst_rate_bp: line.gst_rate_bp,
      taxable_paise: taxed.taxable,
      cgst_paise: taxed.cgst,
      local_paise: taxed.local,
      igst_paise: taxed.igst,
      work_item_ids: line.work_item_ids,
      period: line.period,
    };
  });
  const invoiceValues = {
    supply_kind: supply.kind,
    place_of_supply: supply.placeOfSupply,
    local_head: supply.localHead,
    ...totalColumnsOf(totals),
  };
  return { invoiceValues, lineValues };
}
