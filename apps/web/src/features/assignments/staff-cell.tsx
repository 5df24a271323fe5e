import type { ServiceAssignment } from '@portal/contract/assignments';
import type { UserOption } from '@portal/contract/users';
import Form from 'react-bootstrap/Form';

const LABEL = { pc: 'PC', executor: 'Executor' } as const;

/** Who handles one service as its PC or executor: a choice of the firm's people, saved as it is made. */
export function StaffCell({
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
    <td data-label={label}>
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
    </td>
  );
}
