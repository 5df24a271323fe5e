import { DATE_MESSAGES, DATE_PLACEHOLDER, formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkAssignee } from '@portal/contract/work';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useServiceOptions } from './work-api';
import type { WorkListState } from './work-list-params';

type WorkFiltersProps = {
  state: WorkListState;
  assignees: WorkAssignee[];
  onChange: (change: Partial<WorkListState>) => void;
};

const RESET: Partial<WorkListState> = {
  status: 'open',
  serviceId: '',
  clientId: '',
  assigneeId: '',
  dueFrom: '',
  dueTo: '',
  overdue: false,
  q: '',
  order: 'asc',
  page: 1,
};

/**
 * The Work tab's filters: the choices apply when chosen; the search and the dates (typed dd/mm/yyyy) on
 * Filter or Enter. Each change starts again at page 1.
 */
export function WorkFilters({ state, assignees, onChange }: WorkFiltersProps) {
  const services = useServiceOptions();
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
        <Col xs={12} sm={6} lg={2}>
          <Form.Label htmlFor="work-status">Status</Form.Label>
          <Form.Select
            id="work-status"
            value={state.status}
            onChange={(event) => choose({ status: event.target.value })}
          >
            <option value="open">Still to do</option>
            <option value="all">Any status</option>
            {WORK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {WORK_STATUS_LABELS[status]}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={6} lg={2}>
          <Form.Label htmlFor="work-service">Service</Form.Label>
          <Form.Select
            id="work-service"
            value={state.serviceId}
            onChange={(event) => choose({ serviceId: event.target.value })}
          >
            <option value="">All services</option>
            {(services.data ?? []).map((service) => (
              <option key={service.value} value={String(service.value)}>
                {service.label}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={6} lg={2}>
          <Form.Label htmlFor="work-assignee">Assignee</Form.Label>
          <Form.Select
            id="work-assignee"
            value={state.assigneeId}
            onChange={(event) => choose({ assigneeId: event.target.value })}
          >
            <option value="">Anyone</option>
            <option value="none">Nobody yet</option>
            {assignees.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} lg={2}>
          <Form.Label htmlFor="work-due-from">Due from</Form.Label>
          <Form.Control
            id="work-due-from"
            inputMode="numeric"
            placeholder={DATE_PLACEHOLDER}
            value={text.from}
            onChange={(event) => setText({ ...text, from: event.target.value })}
            {...invalidAttributes('work-due-from', errors.from)}
          />
          <FieldError controlId="work-due-from" error={errors.from} />
        </Col>
        <Col xs={6} lg={2}>
          <Form.Label htmlFor="work-due-to">Due to</Form.Label>
          <Form.Control
            id="work-due-to"
            inputMode="numeric"
            placeholder={DATE_PLACEHOLDER}
            value={text.to}
            onChange={(event) => setText({ ...text, to: event.target.value })}
            {...invalidAttributes('work-due-to', errors.to)}
          />
          <FieldError controlId="work-due-to" error={errors.to} />
        </Col>
        <Col xs={12} sm={6} lg={2}>
          <Form.Label htmlFor="work-order">Order</Form.Label>
          <Form.Select
            id="work-order"
            value={state.order}
            onChange={(event) => choose({ order: event.target.value === 'desc' ? 'desc' : 'asc' })}
          >
            <option value="asc">Due first</option>
            <option value="desc">Due last</option>
          </Form.Select>
        </Col>
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
