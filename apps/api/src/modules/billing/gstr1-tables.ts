import { SAC_CODES } from '@portal/contract/billing';
import { type Gstr1Table, formatPaiseAsRupees as rupees } from '@portal/contract/billing-reports';
import { GST_STATE_CODES } from '@portal/contract/billing-tax';
import { fullName } from '../../db/person-name.js';
import type { SupplyLineRow } from './billing-reports.repository.js';

/**
 * The firm's outward supplies as the GSTR-1 offline tool's sheets lay them out (docs/billing.md says
 * which version and what differs): one CSV per sheet, amounts in rupees with two decimals.
 */

/** An inter-State supply to an unregistered person above Rs 1 lakh is B2CL (table 5), not B2CS (notification 12/2024-CT). */
const B2CL_ABOVE_PAISE = 1_00_000_00;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TAX_HEADS = ['Integrated Tax', 'Central Tax', 'State/UT Tax'];

/** The offline tool's date: `01-Apr-2026`. */
const toolDate = (iso: string) => `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
/** A rate in basis points as a percentage: 1800 is "18", 250 is "2.50". */
const percent = (bp: number) =>
  bp % 100 === 0 ? String(bp / 100) : `${(bp - (bp % 100)) / 100}.${String(bp % 100).padStart(2, '0')}`;
/** The place of supply as the tool writes it: `27-Maharashtra`. */
const STATE_CODE = new Map<string, string>(Object.entries(GST_STATE_CODES));
const placeOf = (state: string | null) => (state && STATE_CODE.has(state) ? `${STATE_CODE.get(state)}-${state}` : '');
const nameOf = (row: SupplyLineRow) => fullName(row.first_name, row.last_name);
const SAC_LABEL = new Map<string, string>(SAC_CODES.map((entry) => [entry.code, entry.label]));

type Sums = { taxable: number; igst: number; cgst: number; local: number; value: number };
const taxCells = (sums: Sums) => [rupees(sums.igst), rupees(sums.cgst), rupees(sums.local)];

/** Lines summed under a key, in the order the keys first appear. */
function sumBy(lines: SupplyLineRow[], keyOf: (line: SupplyLineRow) => string) {
  const groups = new Map<string, { first: SupplyLineRow; sums: Sums }>();
  for (const line of lines) {
    const key = keyOf(line);
    const group = groups.get(key) ?? { first: line, sums: { taxable: 0, igst: 0, cgst: 0, local: 0, value: 0 } };
    group.sums.taxable += Number(line.taxable_paise);
    group.sums.igst += Number(line.igst_paise);
    group.sums.cgst += Number(line.cgst_paise);
    group.sums.local += Number(line.local_paise);
    group.sums.value += Number(line.taxable_paise) + Number(line.igst_paise + line.cgst_paise + line.local_paise);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const isRegistered = (line: SupplyLineRow) => line.gst_number !== null && line.gst_number !== '';
const isB2cs = (line: SupplyLineRow) =>
  !isRegistered(line) && !(line.supply_kind === 'inter_state' && Number(line.total_paise) > B2CL_ABOVE_PAISE);

/** Table 4A (b2b) and 9B (cdnr): one row per invoice or note and rate. */
function recipientRows(lines: SupplyLineRow[], kind: 'invoice' | 'credit_note'): string[][] {
  const chosen = lines.filter((line) => line.kind === kind && isRegistered(line));
  return sumBy(chosen, (line) => `${line.invoice_id}:${line.gst_rate_bp}`).map(({ first, sums }) => {
    const who = [first.gst_number ?? '', nameOf(first)];
    const when = [first.number ?? '', toolDate(first.invoice_date)];
    const reverse = first.supply_kind === 'reverse_charge' ? 'Y' : 'N';
    const value = rupees(Number(first.total_paise));
    const taxed = [percent(first.gst_rate_bp), rupees(sums.taxable), '', ...taxCells(sums)];
    return kind === 'invoice'
      ? [...who, ...when, value, placeOf(first.place_of_supply), reverse, '', 'Regular B2B', '', ...taxed]
      : [...who, ...when, 'C', placeOf(first.place_of_supply), reverse, 'Regular', value, '', ...taxed];
  });
}

const HEADERS: Record<Gstr1Table, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    ...TAX_HEADS,
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
    ...TAX_HEADS,
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    ...TAX_HEADS,
  ],
  hsn_b2b: buildHsnHeader(),
  hsn_b2c: buildHsnHeader(),
};

function buildHsnHeader() {
  return [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];
}

/** A line's amounts as a return adds them: a credit note's taken off. */
function signed(line: SupplyLineRow): SupplyLineRow {
  const sign = line.kind === 'credit_note' ? -1 : 1;
  return {
    ...line,
    taxable_paise: sign * Number(line.taxable_paise),
    igst_paise: sign * Number(line.igst_paise),
    cgst_paise: sign * Number(line.cgst_paise),
    local_paise: sign * Number(line.local_paise),
  };
}

/** Table 12: by SAC and rate; services have no unit (UQC "NA", quantity 0); a credit note takes off. */
function hsnRows(lines: SupplyLineRow[], registered: boolean): string[][] {
  const signedLines = lines.filter((line) => isRegistered(line) === registered).map(signed);
  return sumBy(signedLines, (line) => `${line.sac}:${line.gst_rate_bp}`).map(({ first, sums }) => [
    first.sac,
    SAC_LABEL.get(first.sac) ?? '',
    'NA',
    '0',
    rupees(sums.value),
    percent(first.gst_rate_bp),
    rupees(sums.taxable),
    ...taxCells(sums),
    '0.00',
  ]);
}

/** One sheet of the return: its header and rows. */
export function buildGstr1Table(table: Gstr1Table, lines: SupplyLineRow[]): { header: string[]; rows: string[][] } {
  const header = HEADERS[table];
  if (table === 'b2b') return { header, rows: recipientRows(lines, 'invoice') };
  if (table === 'cdnr') return { header, rows: recipientRows(lines, 'credit_note') };
  if (table === 'hsn_b2b' || table === 'hsn_b2c') return { header, rows: hsnRows(lines, table === 'hsn_b2b') };
  // Table 7 is net: a credit note to an unregistered client takes off its state and rate (as Table 12 does).
  const b2cs = lines.filter(isB2cs).map(signed);
  const rows = sumBy(b2cs, (line) => `${line.place_of_supply}:${line.gst_rate_bp}`).map(({ first, sums }) => [
    'OE',
    placeOf(first.place_of_supply),
    '',
    percent(first.gst_rate_bp),
    rupees(sums.taxable),
    '',
    '',
    ...taxCells(sums),
  ]);
  return { header, rows };
}
