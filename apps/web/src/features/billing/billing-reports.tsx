import { GSTR1_TABLES, type Gstr1Table, REPORT_KINDS, type ReportKind } from '@portal/contract/billing-reports';
import { financialYearOf, labelPeriod, type Period, periodsOfFinancialYear } from '@portal/contract/compliance-periods';
import { DATE_MESSAGES, formatIndianDate, indianDateOf, parseIndianDate } from '@portal/contract/plain-dates';
import { useState } from 'react';
import Row from 'react-bootstrap/Row';
import { DownloadButton } from '../../components/download-button';
import { FilterDateField } from '../../components/filter-date-field';
import { FilterSelect } from '../../components/filter-select';
import { MessageAlert } from '../../components/message-alert';
import { SelectOptions } from '../../components/select-options';
import { TitledCard } from '../../components/titled-card';
import { useDownload } from '../../components/use-download';
import { useDocumentTitle } from '../../lib/document-title';
import type { OnTransfer } from '../../lib/transfer-progress';
import { BillingFigures } from './billing-figures';
import { downloadBillingReport, downloadGstr1 } from './ready-api';

const REPORT_LABELS: Record<ReportKind, string> = {
  'by-month': 'By month',
  'by-service': 'By service',
  'by-assignee': 'By assignee',
};
const TABLE_LABELS: Record<Gstr1Table, string> = {
  b2b: 'B2B invoices (4A)',
  b2cs: 'B2C by state and rate (7)',
  cdnr: 'Credit notes to registered persons (9B)',
  hsn_b2b: 'SAC summary, B2B (12)',
  hsn_b2c: 'SAC summary, B2C (12)',
};
type Frequency = 'monthly' | 'quarterly';

/** The months or quarters of this financial year and the last, up to today's, newest first. */
function listReturnPeriods(frequency: Frequency, today: string): Period[] {
  const year = financialYearOf(today);
  const month = today.slice(0, 7);
  return [...periodsOfFinancialYear(frequency, year - 1), ...periodsOfFinancialYear(frequency, year)]
    .filter((period) => `${period.first.year}-${String(period.first.month).padStart(2, '0')}` <= month)
    .reverse();
}

/** Billed and collected between two dates (this financial year at first), by month, service or assignee. */
function RangeReports() {
  const today = indianDateOf(new Date());
  const year = financialYearOf(today);
  const [text, setText] = useState({
    from: formatIndianDate(`${year}-04-01`),
    to: formatIndianDate(`${year + 1}-03-31`),
  });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const download = useDownload();
  const fetchReport = async (kind: ReportKind, onTransfer: OnTransfer) => {
    const from = parseIndianDate(text.from);
    const to = parseIndianDate(text.to);
    setErrors({ from: from ? undefined : DATE_MESSAGES.invalid, to: to ? undefined : DATE_MESSAGES.invalid });
    if (from && to) await downloadBillingReport(kind, { from, to }, onTransfer);
  };
  return (
    <section className="mb-4" aria-labelledby="reports-range-title">
      <h3 id="reports-range-title" className="h6">
        Billed and collected
      </h3>
      <MessageAlert variant="danger" messages={download.failure} />
      <Row className="g-2 align-items-end mb-2">
        {(['from', 'to'] as const).map((key) => (
          <FilterDateField
            key={key}
            id={`report-${key}`}
            label={key === 'from' ? 'Invoice date from' : 'Invoice date to'}
            value={text[key]}
            onType={(typed) => setText({ ...text, [key]: typed })}
            error={errors[key]}
            lg={3}
          />
        ))}
      </Row>
      <div className="d-flex flex-wrap gap-2">
        {REPORT_KINDS.map((kind) => (
          <DownloadButton
            key={kind}
            variant="outline-primary"
            download={download}
            name={kind}
            fetchFile={(onTransfer) => fetchReport(kind, onTransfer)}
          >
            {REPORT_LABELS[kind]} (CSV)
          </DownloadButton>
        ))}
      </div>
    </section>
  );
}

/** One GSTR-1 sheet for a month or a quarter of the financial year. */
function Gstr1Export() {
  const today = indianDateOf(new Date());
  const [frequency, setFrequency] = useState<Frequency>('monthly');
  const periods = listReturnPeriods(frequency, today);
  const [period, setPeriod] = useState('');
  const [table, setTable] = useState<Gstr1Table>('b2b');
  const download = useDownload();
  // A return is filed after its period ends: the last whole month or quarter comes first.
  const chosen = periods.some((option) => option.key === period) ? period : (periods[1]?.key ?? periods[0]?.key ?? '');
  return (
    <section aria-labelledby="reports-gstr1-title">
      <h3 id="reports-gstr1-title" className="h6">
        GSTR-1
      </h3>
      <MessageAlert variant="danger" messages={download.failure} />
      <Row className="g-2 align-items-end mb-2">
        <FilterSelect
          id="gstr1-frequency"
          label="Return for a"
          value={frequency}
          onChoose={(value) => setFrequency(value === 'quarterly' ? 'quarterly' : 'monthly')}
          lg={2}
        >
          <option value="monthly">Month</option>
          <option value="quarterly">Quarter</option>
        </FilterSelect>
        <FilterSelect id="gstr1-period" label="Period" value={chosen} onChoose={setPeriod} lg={3}>
          <SelectOptions options={periods.map((option) => ({ value: option.key, label: labelPeriod(option.key) }))} />
        </FilterSelect>
        <FilterSelect
          id="gstr1-table"
          label="Table"
          value={table}
          onChoose={(value) => setTable(GSTR1_TABLES.find((option) => option === value) ?? 'b2b')}
          lg={4}
        >
          <SelectOptions options={GSTR1_TABLES.map((value) => ({ value, label: TABLE_LABELS[value] }))} />
        </FilterSelect>
      </Row>
      <DownloadButton
        variant="outline-primary"
        download={download}
        name="gstr1"
        disabled={!chosen}
        fetchFile={(onTransfer) => downloadGstr1(chosen, table, onTransfer)}
      >
        Download GSTR-1 (CSV)
      </DownloadButton>
    </section>
  );
}

/** Reports: the firm's figures, billed and collected as CSV by month, service or assignee, and GSTR-1 sheets. */
export function BillingReports({ role }: { role: string }) {
  useDocumentTitle('Billing reports');
  return (
    <>
      <BillingFigures role={role} withYear />
      <TitledCard title="Reports" heading="h2">
        <RangeReports />
        <Gstr1Export />
      </TitledCard>
    </>
  );
}
