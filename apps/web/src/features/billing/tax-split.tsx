import { formatRupees, rupeesInWords } from '@portal/contract/billing-money';
import type { SupplyKind } from '@portal/contract/billing-tax';
import { AmountRows } from './amount-rows';

/** An invoice's amounts as worked out (live in the editor, stored on the invoice page). */
export type TaxSplitAmounts = {
  supply_kind: SupplyKind;
  local_head: 'SGST' | 'UTGST';
  place_of_supply: string | null;
  taxable_paise: number;
  cgst_paise: number;
  local_paise: number;
  igst_paise: number;
  reverse_charge_paise: number;
  round_off_paise: number;
  total_paise: number;
};

const SUPPLY_NOTES: Record<SupplyKind, string> = {
  intra_state: 'Within the state: CGST and SGST, half the rate each.',
  inter_state: 'To another state: IGST.',
  reverse_charge: 'Reverse charge: the client pays the tax; none is charged here.',
  bill_of_supply: 'Bill of supply: a composition firm charges no tax.',
  no_gst: 'The firm is not registered for GST: no tax is charged.',
};

/** A signed round-off, as Indian invoices print it ("-₹0.40", "+₹0.20"). */
const signed = (paise: number) => (paise < 0 ? `-${formatRupees(-paise)}` : `+${formatRupees(paise)}`);

/**
 * The tax split of an invoice: taxable value, CGST and SGST/UTGST or IGST, the round-off and the total
 * with the total in words (the editor shows it as lines are typed; the invoice page as issued).
 */
export function TaxSplit({ amounts }: { amounts: TaxSplitAmounts }) {
  const rows: [string, string][] = [['Taxable value', formatRupees(amounts.taxable_paise)]];
  if (amounts.supply_kind === 'intra_state')
    rows.push(['CGST', formatRupees(amounts.cgst_paise)], [amounts.local_head, formatRupees(amounts.local_paise)]);
  if (amounts.supply_kind === 'inter_state') rows.push(['IGST', formatRupees(amounts.igst_paise)]);
  if (amounts.supply_kind === 'reverse_charge')
    rows.push(['Tax payable by the client (reverse charge)', formatRupees(amounts.reverse_charge_paise)]);
  if (amounts.round_off_paise !== 0) rows.push(['Round off', signed(amounts.round_off_paise)]);
  return (
    <section aria-label="Tax split" className="border rounded p-3 bg-body-tertiary">
      <p className="small text-muted mb-2">
        {SUPPLY_NOTES[amounts.supply_kind]}
        {amounts.place_of_supply && ` Place of supply: ${amounts.place_of_supply}.`}
      </p>
      <dl className="mb-0">
        <AmountRows rows={rows} />
        <div className="d-flex justify-content-between gap-3 border-top pt-2 mt-1">
          <dt>Total</dt>
          <dd className="mb-0 text-end fw-bold" data-testid="invoice-total">
            {formatRupees(amounts.total_paise)}
          </dd>
        </div>
      </dl>
      <p className="small mt-2 mb-0">{rupeesInWords(amounts.total_paise)}</p>
    </section>
  );
}
