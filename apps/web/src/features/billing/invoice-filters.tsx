import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@portal/contract/invoices';
import { DATE_MESSAGES, formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterDateField } from '../../components/filter-date-field';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
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

const DATE_FIELDS = [
  { key: 'from', id: 'invoice-from', label: 'Date from' },
  { key: 'to', id: 'invoice-to', label: 'Date to' },
] as const;

/**
 * The invoice list's filters: the status and "Overdue only" apply when chosen; the dates (typed
 * dd/mm/yyyy) and the search on Filter or Enter.
 */
export function InvoiceFiltersForm({ filters, full, onApply, actions }: InvoiceFiltersFormProps) {
  const [text, setText] = useState({ q: '', from: '', to: '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  useEffect(
    () =>
      setText({
        q: filters.q ?? '',
        from: filters.from ? formatIndianDate(filters.from) : '',
        to: filters.to ? formatIndianDate(filters.to) : '',
      }),
    [filters.q, filters.from, filters.to],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = text.from.trim() ? parseIndianDate(text.from) : '';
    const to = text.to.trim() ? parseIndianDate(text.to) : '';
    const found = {
      from: from === null ? DATE_MESSAGES.invalid : undefined,
      to: to === null ? DATE_MESSAGES.invalid : undefined,
    };
    setErrors(found);
    if (found.from || found.to) return;
    const { from: _from, to: _to, q: _q, ...rest } = filters;
    const q = text.q.trim();
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
        {DATE_FIELDS.map(({ key, id, label }) => (
          <FilterDateField
            key={key}
            id={id}
            label={label}
            value={text[key]}
            onType={(typed) => setText({ ...text, [key]: typed })}
            error={errors[key]}
          />
        ))}
        <Col xs={12} lg={3}>
          <Form.Label htmlFor="invoice-search">Search</Form.Label>
          <Form.Control
            id="invoice-search"
            type="search"
            maxLength={100}
            placeholder="Number or client"
            value={text.q}
            onChange={(event) => setText({ ...text, q: event.target.value })}
          />
        </Col>
        <Col xs={12} sm={6} lg={3} className="pb-2">
          <Form.Check
            id="invoice-overdue"
            label="Overdue only"
            checked={filters.overdue === 'true'}
            onChange={(event) => {
              const { overdue: _overdue, ...rest } = filters;
              onApply(event.target.checked ? { ...rest, overdue: 'true' } : rest);
            }}
          />
        </Col>
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
