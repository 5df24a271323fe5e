import type { ServiceAssignment } from '@portal/contract/assignments';
import type { UserOption } from '@portal/contract/users';
import Form from 'react-bootstrap/Form';
import type { DataColumn } from '../../components/data-table';

const LABEL = { pc: 'PC', executor: 'Executor' } as const;

/** Who handles one service as its PC or executor: a choice of the firm's people, saved as it is made. */
export function StaffSelect({
  kind,
  row,
  people,
  onPick,
}: {
  kind: 'pc' | 'executor';
  row: ServiceAssignment;
  people: UserOption[];
  onPick: (id: number | null) => void;
}) {
  const label = LABEL[kind];
  return (
    <Form.Select
      aria-label={`${label} for ${row.service_name}`}
      value={(kind === 'pc' ? row.pc_id : row.executor_id) ?? ''}
      onChange={(event) => onPick(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">Select {kind === 'pc' ? 'PC' : 'executor'}</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.first_name} {person.last_name} ({person.username})
        </option>
      ))}
    </Form.Select>
  );
}

/** The PC or executor column of the assignments table, its choice saved through `onPick`. */
export const readStaffColumn = (
  kind: 'pc' | 'executor',
  people: UserOption[],
  onPick: (row: ServiceAssignment, id: number | null) => void,
): DataColumn<ServiceAssignment> => ({
  header: LABEL[kind],
  cell: (row) => <StaffSelect kind={kind} row={row} people={people} onPick={(id) => onPick(row, id)} />,
});
