import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSearchField } from '../../components/filter-search-field';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions } from '../../components/select-options';
import type { UserListState } from './user-list-params';
import { useServiceOptions } from './users-api';

type UserListFiltersProps = {
  idPrefix: string;
  state: UserListState;
  onChange: (change: Partial<UserListState>) => void;
};

/** Sort choices as one select: `sort:order`, the empty value being the default (newest first). */
const SORT_OPTIONS = [
  { value: '', label: 'Date added, newest first' },
  { value: 'created_at:asc', label: 'Date added, oldest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
] as const;

function sortValueOf(state: UserListState): string {
  if (!state.sort) return '';
  const order = state.order ?? (state.sort === 'name' ? 'asc' : 'desc');
  const value = `${state.sort}:${order}`;
  return value === 'created_at:desc' ? '' : value;
}

/**
 * The list's filter form: one search box (applied on Filter or Enter), the service and the order
 * (applied when chosen). Each change starts again at page 1.
 */
export function UserListFilters({ idPrefix, state, onChange }: UserListFiltersProps) {
  const services = useServiceOptions();
  const [search, setSearch] = useState(state.search);
  // Back, Reset or a new address bring their own search text into the box.
  useEffect(() => setSearch(state.search), [state.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: search.trim(), page: 1 });
  };
  const chooseSort = (value: string) => {
    const [sort, order] = value ? (value.split(':') as [UserListState['sort'], UserListState['order']]) : [];
    onChange({ sort, order, page: 1 });
  };

  return (
    <Form onSubmit={submit} className="mb-3" aria-label="Filter" role="search">
      <Row className="g-2 align-items-end">
        <FilterSearchField
          id={`${idPrefix}-search`}
          lg={4}
          placeholder="Name, email, username, mobile, PAN or GSTIN"
          value={search}
          onType={setSearch}
        />
        <FilterSelect
          lg={3}
          id={`${idPrefix}-service`}
          label="Service"
          value={state.serviceId}
          onChoose={(serviceId) => onChange({ serviceId, page: 1 })}
        >
          <option value="">All services</option>
          <SelectOptions options={services.data ?? []} />
        </FilterSelect>
        <FilterSelect lg={3} id={`${idPrefix}-sort`} label="Sort by" value={sortValueOf(state)} onChoose={chooseSort}>
          <SelectOptions options={SORT_OPTIONS} />
        </FilterSelect>
        <Col xs={12} lg={2} className="d-flex gap-2">
          <Button type="submit">Filter</Button>
          <Button
            variant="outline-secondary"
            onClick={() => onChange({ search: '', serviceId: '', sort: undefined, order: undefined, page: 1 })}
          >
            Reset
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
