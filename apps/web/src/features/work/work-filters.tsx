import type { WorkAssignee } from '@portal/contract/work';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSelect } from '../../components/filter-select';
import { OverdueOnlyCheck } from '../../components/overdue-only-check';
import { SelectOptions } from '../../components/select-options';
import { useTypedFilterText } from '../../components/use-typed-filter-text';
import { ServiceAndAssigneeFilters } from './work-filter-selects';
import { readWorkListState, type WorkListState } from './work-list-params';
import { WORK_STATUS_OPTIONS } from './work-options';

type WorkFiltersProps = {
  state: WorkListState;
  assignees: WorkAssignee[];
  onChange: (change: Partial<WorkListState>) => void;
};

// Reset brings back what an empty address reads, staying in the view (list or board) it was in.
const { view: _keptView, ...RESET } = readWorkListState(new URLSearchParams());

/** The two ends of the due date range (typed as dd/mm/yyyy) and the search. */
const DUE_FIELDS = {
  from: { id: 'work-due-from', label: 'Due from' },
  to: { id: 'work-due-to', label: 'Due to' },
  search: { id: 'work-search', placeholder: 'Title or client name', lg: 4 },
};

/**
 * The Work tab's filters: the choices apply when chosen; the search and the dates (typed dd/mm/yyyy) on
 * Filter or Enter. Each change starts again at page 1.
 */
export function WorkFilters({ state, assignees, onChange }: WorkFiltersProps) {
  const { dateFields, searchField, readTyped } = useTypedFilterText(
    { q: state.q, from: state.dueFrom, to: state.dueTo },
    DUE_FIELDS,
  );
  const choose = (change: Partial<WorkListState>) => onChange({ ...change, page: 1 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = readTyped();
    if (typed) choose({ q: typed.q, dueFrom: typed.from, dueTo: typed.to });
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
        <ServiceAndAssigneeFilters idPrefix="work" lg={2} value={state} assignees={assignees} onChoose={choose} />
        {dateFields}
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
        {searchField}
        <OverdueOnlyCheck
          id="work-overdue"
          className="pb-2"
          checked={state.overdue}
          onCheck={(overdue) => choose({ overdue })}
        />
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
