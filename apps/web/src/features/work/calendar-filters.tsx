import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions } from '../../components/select-options';
import { useClientOptions, useWorkAssignees } from './work-api';
import { ServiceAndAssigneeFilters } from './work-filter-selects';

/** The calendar's filters as the address holds them (`client_id`, `service_id`, `assignee_id`). */
export type CalendarFilterState = { clientId: string; serviceId: string; assigneeId: string };

const ID = /^[1-9][0-9]*$/;
const pick = (value: string | null) => (value && ID.test(value) ? value : '');

export function readCalendarFilters(params: URLSearchParams): CalendarFilterState {
  const assignee = params.get('assignee_id');
  return {
    clientId: pick(params.get('client_id')),
    serviceId: pick(params.get('service_id')),
    assigneeId: assignee === 'none' ? 'none' : pick(assignee),
  };
}

/** The filters as the API's (and the work list's) query values. */
export function toCalendarQuery(state: CalendarFilterState): Record<string, string> {
  return {
    ...(state.clientId ? { client_id: state.clientId } : {}),
    ...(state.serviceId ? { service_id: state.serviceId } : {}),
    ...(state.assigneeId ? { assignee_id: state.assigneeId } : {}),
  };
}

type CalendarFiltersProps = { state: CalendarFilterState; onChange: (state: CalendarFilterState) => void };

/** Staff narrow the month to one client, service or assignee (the people they may see); each applies when chosen. */
export function CalendarFilters({ state, onChange }: CalendarFiltersProps) {
  const clients = useClientOptions(true);
  const assignees = useWorkAssignees(true);
  const choose = (change: Partial<CalendarFilterState>) => onChange({ ...state, ...change });
  return (
    <Form className="mb-3" aria-label="Filter the calendar" role="search" onSubmit={(event) => event.preventDefault()}>
      <Row className="g-2 align-items-end">
        <FilterSelect
          lg={3}
          id="calendar-client"
          label="Client"
          value={state.clientId}
          onChoose={(clientId) => choose({ clientId })}
        >
          <option value="">All clients</option>
          <SelectOptions
            options={(clients.data ?? []).map((client) => ({
              value: String(client.id),
              label: `${client.first_name} ${client.last_name}`.trim(),
            }))}
          />
        </FilterSelect>
        <ServiceAndAssigneeFilters
          idPrefix="calendar"
          lg={3}
          value={state}
          assignees={assignees.data ?? []}
          onChoose={choose}
        />
        <Col xs={12} lg={3}>
          <Button variant="outline-secondary" onClick={() => onChange({ clientId: '', serviceId: '', assigneeId: '' })}>
            Reset
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
