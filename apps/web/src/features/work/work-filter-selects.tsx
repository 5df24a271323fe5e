import type { WorkAssignee } from '@portal/contract/work';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions } from '../../components/select-options';
import { useServiceOptions } from './work-api';
import { toAssigneeOptions } from './work-options';

type ChoiceProps = { id: string; lg: number; value: string; onChoose: (value: string) => void };

/** The service a Work screen is narrowed to (the catalogue's services), or all. */
export function ServiceFilter(props: ChoiceProps) {
  const services = useServiceOptions();
  return (
    <FilterSelect label="Service" {...props}>
      <option value="">All services</option>
      <SelectOptions options={services.data ?? []} />
    </FilterSelect>
  );
}

/** Whose work a Work screen shows: anyone, nobody yet, or one of the people the caller may see. */
export function AssigneeFilter({ assignees, ...props }: ChoiceProps & { assignees: WorkAssignee[] }) {
  return (
    <FilterSelect label="Assignee" {...props}>
      <option value="">Anyone</option>
      <option value="none">Nobody yet</option>
      <SelectOptions options={toAssigneeOptions(assignees)} />
    </FilterSelect>
  );
}
