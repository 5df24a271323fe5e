import {
  computeInvoiceTotals,
  decideSupply,
  GST_STATE_CODES,
  type GstRegistration,
} from '@portal/contract/billing-tax';
import { findIndianState } from '@portal/contract/indian-states';
import { type InvoiceDraft, INVOICE_MESSAGES as M } from '@portal/contract/invoices';
import { failValidation } from '../../http/http-error.js';
import type { BillableClient } from './billable-client.js';
import type { ProfileRow } from './profile.repository.js';

/** Legal services (SAC 99821x): by an advocate firm to a business, the recipient pays the tax. */
const isLegal = (sac: string) => sac.startsWith('99821');

const STATE_OF_CODE = new Map(Object.entries(GST_STATE_CODES).map(([state, code]) => [code, state]));

/**
 * Where the client is, for the place of supply: a registered client's GSTIN says its state; otherwise the
 * state on its record, which must be one the portal knows (a misspelt one would bill the wrong tax).
 */
function locateClient(client: BillableClient): string | null {
  const registered = client.gstin ? STATE_OF_CODE.get(client.gstin.slice(0, 2)) : undefined;
  if (registered) return registered;
  if (client.state && !findIndianState(client.state)) failValidation('client_id', M.clientStateUnknown);
  return client.state;
}

/**
 * The invoice's supply and amounts from the firm's profile, the client and the lines: the one
 * computation of the contract (billing-tax.ts), in paise. Reverse charge applies when the firm is one of
 * advocates, every line is a legal service and the client, having a GSTIN, is a business entity.
 */
/** A line as drafted (or as stored, for the second reckoning). */
type LineInput = Omit<InvoiceDraft['lines'][number], 'sac'> & { sac: string };

export function computeInvoiceAmounts(profile: ProfileRow, client: BillableClient, lines: LineInput[]) {
  const reverseCharge = profile.advocates === 1 && client.gstin !== null && lines.every((line) => isLegal(line.sac));
  const supply = decideSupply({
    registration: profile.registration as GstRegistration,
    firmState: profile.state,
    clientState: locateClient(client),
    reverseCharge,
  });
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
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    local_paise: totals.local,
    igst_paise: totals.igst,
    round_off_paise: totals.roundOff,
    total_paise: totals.total,
    reverse_charge_paise: totals.reverseChargeTax,
  };
  return { invoiceValues, lineValues };
}
