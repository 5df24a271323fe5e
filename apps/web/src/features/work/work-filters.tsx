import { DATE_MESSAGES, formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import type { WorkAssignee } from '@portal/contract/work';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterDateField } from '../../components/filter-date-field';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions } from '../../components/select-options';
import { AssigneeFilter, ServiceFilter } from './work-filter-selects';
import { readWorkListState, type WorkListState } from './work-list-params';
import { WORK_STATUS_OPTIONS } from './work-options';

type WorkFiltersProps = {
  state: WorkListState;
  assignees: WorkAssignee[];
  onChange: (change: Partial<WorkListState>) => void;
};

// Reset brings back what an empty address reads, staying in the view (list or board) it was in.
const { view: _keptView, ...RESET } = readWorkListState(new URLSearchParams());

/** The two ends of the due date range, typed as dd/mm/yyyy. */
const DUE_FIELDS = [
  { key: 'from', id: 'work-due-from', label: 'Due from' },
  { key: 'to', id: 'work-due-to', label: 'Due to' },
] as const;

/**
 * The Work tab's filters: the choices apply when chosen; the search and the dates (typed dd/mm/yyyy) on
 * Filter or Enter. Each change starts again at page 1.
 */
export function WorkFilters({ state, assignees, onChange }: WorkFiltersProps) {
  const [text, setText] = useState({ q: state.q, from: '', to: '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  useEffect(
    () =>
      setText({
        q: state.q,
        from: state.dueFrom ? formatIndianDate(state.dueFrom) : '',
        to: state.dueTo ? formatIndianDate(state.dueTo) : '',
      }),
    [state.q, state.dueFrom, state.dueTo],
  );
  const choose = (change: Partial<WorkListState>) => onChange({ ...change, page: 1 });

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
    choose({ q: text.q.trim(), dueFrom: from ?? '', dueTo: to ?? '' });
  };

  return (
    <Form onSubmit={submit} className="mb-3" aria-label="Filter work" role="search" noValidate>
      <Row className="g-2 align-items-end">
        <FilterSelect
          lg={2}
          id="work-status"
          label="Status"
          value={state.status}
          onChoose={(value) => choose({ status: value })}
        >
          <option value="open">Still to do</option>
          <option value="all">Any status</option>
          <SelectOptions options={WORK_STATUS_OPTIONS} />
        </FilterSelect>
        <ServiceFilter
          lg={2}
          id="work-service"
          value={state.serviceId}
          onChoose={(serviceId) => choose({ serviceId })}
        />
        <AssigneeFilter
          lg={2}
          id="work-assignee"
          value={state.assigneeId}
          onChoose={(assigneeId) => choose({ assigneeId })}
          assignees={assignees}
        />
        {DUE_FIELDS.map(({ key, id, label }) => (
          <FilterDateField
            key={key}
            id={id}
            label={label}
            value={text[key]}
            onType={(typed) => setText({ ...text, [key]: typed })}
            error={errors[key]}
          />
        ))}
        <FilterSelect
          lg={2}
          id="work-order"
          label="Order"
          value={state.order}
          onChoose={(value) => choose({ order: value === 'desc' ? 'desc' : 'asc' })}
        >
          <option value="asc">Due first</option>
          <option value="desc">Due last</option>
        </FilterSelect>
        <Col xs={12} lg={4}>
          <Form.Label htmlFor="work-search">Search</Form.Label>
          <Form.Control
            id="work-search"
            type="search"
            maxLength={100}
            placeholder="Title or client name"
            value={text.q}
            onChange={(event) => setText({ ...text, q: event.target.value })}
          />
        </Col>
        <Col xs={12} sm={6} lg={3} className="pb-2">
          <Form.Check
            id="work-overdue"
            label="Overdue only"
            checked={state.overdue}
            onChange={(event) => choose({ overdue: event.target.checked })}
          />
        </Col>
        <Col xs={12} lg={5} className="d-flex gap-2 justify-content-lg-end">
          <Button type="submit">Filter</Button>
          <Button variant="outline-secondary" onClick={() => onChange(RESET)}>
            Reset
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
