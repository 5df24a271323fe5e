import type { WorkAssignee } from '@portal/contract/work';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions } from '../../components/select-options';
import { useServiceOptions } from './work-api';
import { toAssigneeOptions } from './work-options';

type ChoiceProps = { id: string; lg: number; value: string; onChoose: (value: string) => void };

/** The service a Work screen is narrowed to (the catalogue's services), or all. */
function ServiceFilter(props: ChoiceProps) {
  const services = useServiceOptions();
  return (
    <FilterSelect label="Service" {...props}>
      <option value="">All services</option>
      <SelectOptions options={services.data ?? []} />
    </FilterSelect>
  );
}

/** Whose work a Work screen shows: anyone, nobody yet, or one of the people the caller may see. */
function AssigneeFilter({ assignees, ...props }: ChoiceProps & { assignees: WorkAssignee[] }) {
  return (
    <FilterSelect label="Assignee" {...props}>
      <option value="">Anyone</option>
      <option value="none">Nobody yet</option>
      <SelectOptions options={toAssigneeOptions(assignees)} />
    </FilterSelect>
  );
}

type WhoseWork = { serviceId: string; assigneeId: string };

/**
 * The pair every Work screen narrows by, side by side: the service, then the assignee (ids
 * `{idPrefix}-service` and `{idPrefix}-assignee`).
 */
export function ServiceAndAssigneeFilters({
  idPrefix,
  lg,
  value,
  assignees,
  onChoose,
}: {
  idPrefix: string;
  lg: number;
  value: WhoseWork;
  assignees: WorkAssignee[];
  onChoose: (change: Partial<WhoseWork>) => void;
}) {
  return (
    <>
      <ServiceFilter
        lg={lg}
        id={`${idPrefix}-service`}
        value={value.serviceId}
        onChoose={(serviceId) => onChoose({ serviceId })}
      />
      <AssigneeFilter
        lg={lg}
        id={`${idPrefix}-assignee`}
        value={value.assigneeId}
        onChoose={(assigneeId) => onChoose({ assigneeId })}
        assignees={assignees}
      />
    </>
  );
}
