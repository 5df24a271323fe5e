import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@portal/contract/invoices';
import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSelect } from '../../components/filter-select';
import { OverdueOnlyCheck } from '../../components/overdue-only-check';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
import { useTypedFilterText } from '../../components/use-typed-filter-text';
import type { InvoiceFilters } from './invoices-api';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...toLabelledOptions(INVOICE_STATUSES, INVOICE_STATUS_LABELS),
];

const isIso = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters the address holds (`status`, `from`, `to`, `overdue`, `q`); the client's list reads status alone. */
export function readInvoiceFilters(params: URLSearchParams, statusOnly: boolean): InvoiceFilters {
  const status = INVOICE_STATUSES.find((value) => value === params.get('status'));
  const filters: InvoiceFilters = status ? { status } : {};
  if (statusOnly) return filters;
  const [from, to, q] = [isIso(params.get('from')), isIso(params.get('to')), params.get('q')?.trim()];
  return {
    ...filters,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(params.get('overdue') === 'true' ? { overdue: 'true' as const } : {}),
    ...(q ? { q } : {}),
  };
}

type InvoiceFiltersFormProps = {
  filters: InvoiceFilters;
  /** Staff's list: dates, "Overdue only" and the search besides the status. */
  full: boolean;
  onApply: (filters: InvoiceFilters) => void;
  /** What sits at the end of the Filter row (staff's "Download CSV" and "New invoice"). */
  actions?: ReactNode;
};

const DATE_FIELDS = {
  from: { id: 'invoice-from', label: 'Date from' },
  to: { id: 'invoice-to', label: 'Date to' },
  search: { id: 'invoice-search', placeholder: 'Number or client', lg: 3 },
};

/**
 * The invoice list's filters: the status and "Overdue only" apply when chosen; the dates (typed
 * dd/mm/yyyy) and the search on Filter or Enter.
 */
export function InvoiceFiltersForm({ filters, full, onApply, actions }: InvoiceFiltersFormProps) {
  const { dateFields, searchField, readTyped } = useTypedFilterText(filters, DATE_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = readTyped();
    if (!typed) return;
    const { from: _from, to: _to, q: _q, ...rest } = filters;
    const { q, from, to } = typed;
    onApply({ ...rest, ...(from ? { from } : {}), ...(to ? { to } : {}), ...(q ? { q } : {}) });
  };
  const status = (
    <FilterSelect
      id="invoice-status"
      label="Status"
      value={filters.status ?? ''}
      onChoose={(value) => {
        const { status: _status, ...rest } = filters;
        const chosen = INVOICE_STATUSES.find((option) => option === value);
        onApply(chosen ? { ...rest, status: chosen } : rest);
      }}
      lg={full ? 2 : 4}
    >
      <SelectOptions options={STATUS_OPTIONS} />
    </FilterSelect>
  );
  if (!full) return <Row className="g-3 flex-grow-1">{status}</Row>;
  return (
    <Form onSubmit={submit} className="flex-grow-1" aria-label="Filter invoices" role="search" noValidate>
      <Row className="g-2 align-items-end">
        {status}
        {dateFields}
        {searchField}
        <OverdueOnlyCheck
          id="invoice-overdue"
          className="pb-2"
          checked={filters.overdue === 'true'}
          onCheck={(checked) => {
            const { overdue: _overdue, ...rest } = filters;
            onApply(checked ? { ...rest, overdue: 'true' } : rest);
          }}
        />
        <Col xs={12} className="d-flex flex-wrap gap-2">
          <Button type="submit">Filter</Button>
          <Button variant="outline-secondary" onClick={() => onApply({})}>
            Reset
          </Button>
          <div className="d-flex flex-wrap gap-2 ms-auto">{actions}</div>
        </Col>
      </Row>
    </Form>
  );
}
