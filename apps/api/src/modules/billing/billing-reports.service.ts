import {
  type Gstr1Query,
  REPORT_MESSAGES as M,
  parseReturnPeriod,
  type ReportKind,
  type ReportQuery,
  formatPaiseAsRupees as rupees,
} from '@portal/contract/billing-reports';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import type { CsvDownload } from '../../http/send-csv.js';
import { listSupplyLines, type ReportRow, sumBilledByLine, sumBilledByMonth } from './billing-reports.repository.js';
import { buildGstr1Table } from './gstr1-tables.js';
import { listCollectedBy } from './invoice-balance.repository.js';
import type { InvoiceParties } from './invoice-parties.js';
import { billingFirmOf } from './invoices.service.js';
import { findProfileOfFirm } from './profile.repository.js';

const FIRST_COLUMN: Record<ReportKind, string> = {
  'by-month': 'Month',
  'by-service': 'Service',
  'by-assignee': 'Assignee',
};
const NONE: Record<ReportKind, string> = { 'by-month': '', 'by-service': 'Other lines', 'by-assignee': 'Not assigned' };
const BY = { 'by-month': 'month', 'by-service': 'service', 'by-assignee': 'assignee' } as const;

/** The rows of a report, from sums the database made. */
async function* presentRows(rows: ReportRow[], kind: ReportKind, collected: Map<string, number>) {
  // By name, what has none ("Not assigned") last, the same on both databases.
  const named = (row: ReportRow) => (kind === 'by-month' ? String(row.key) : (row.label ?? '').trim());
  const ordered = [...rows].sort(
    (a, b) => Number(a.key === null) - Number(b.key === null) || named(a).localeCompare(named(b)),
  );
  for (const row of ordered) {
    const key = row.key === null ? null : String(row.key);
    const name = kind === 'by-month' ? key : row.label?.trim() || null;
    const [taxable, tax] = [Number(row.taxable), Number(row.tax)];
    yield [
      name ?? NONE[kind],
      Number(row.invoices),
      rupees(taxable),
      rupees(tax),
      rupees(taxable + tax),
      rupees(key === null ? 0 : (collected.get(key) ?? 0)),
    ];
  }
}

/**
 * `GET /api/billing/reports/{kind}.csv?from=&to=`: billed (issued, partly paid and paid invoices, credit
 * notes taken off; a cancelled one bills nothing) and collected, by invoice month, service or assignee.
 */
export async function exportReport(
  context: AppContext,
  actor: Actor,
  kind: ReportKind,
  range: ReportQuery,
): Promise<CsvDownload> {
  const firmId = billingFirmOf(actor);
  const rows =
    kind === 'by-month'
      ? await sumBilledByMonth(context.db, firmId, range)
      : await sumBilledByLine(context.db, firmId, range, BY[kind] as 'service' | 'assignee');
  const collected = await listCollectedBy(context.db, firmId, range, BY[kind]);
  return {
    fileName: `billing-${kind}-${range.from}-${range.to}.csv`,
    header: [FIRST_COLUMN[kind], 'Invoices', 'Taxable value', 'Tax', 'Billed', 'Collected'],
    rows: presentRows(rows, kind, collected),
  };
}

/**
 * The recipient's GSTIN as the invoice carried it when issued (its kept parties), not the client's record
 * now: a client that registered later does not move an old B2C invoice to B2B, nor the other way.
 */
function recipientGstinAtIssue(line: { issued_parties: string | null; gst_number: string | null }) {
  if (!line.issued_parties) return line.gst_number;
  return (JSON.parse(line.issued_parties) as InvoiceParties).recipient.gstin;
}

/**
 * `GET /api/billing/gstr1.csv?period=&table=`: one sheet of the firm's GSTR-1 for a month or quarter
 * (docs/billing.md); a firm not registered as regular files none.
 */
export async function exportGstr1(context: AppContext, actor: Actor, query: Gstr1Query): Promise<CsvDownload> {
  const firmId = billingFirmOf(actor);
  const profile = await findProfileOfFirm(context.db, firmId);
  if (profile?.registration !== 'regular') failValidation('period', M.notRegular);
  const range = parseReturnPeriod(query.period) as { from: string; to: string };
  const lines = (await listSupplyLines(context.db, firmId, range)).map((line) => ({
    ...line,
    gst_number: recipientGstinAtIssue(line),
  }));
  const { header, rows } = buildGstr1Table(query.table, lines);
  async function* each() {
    yield* rows;
  }
  return { fileName: `gstr1-${query.table}-${query.period}.csv`, header, rows: each() };
}
