import type { UserOption } from '@portal/contract/users';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';

type PeopleChecklistProps = {
  /** Whom the register may name: the firm's clients, or on the platform the firms by their MPC. */
  people: UserOption[];
  /** Their ids chosen now (form state). */
  chosen: number[];
  onChange: (chosen: number[]) => void;
  legend: string;
  error?: string | undefined;
};

const nameOf = (person: UserOption) => `${person.first_name} ${person.last_name ?? ''}`.trim();

/** The people affected, as checkboxes with a search box; hidden by the search, a choice stays chosen. */
export function PeopleChecklist({ people, chosen, onChange, legend, error }: PeopleChecklistProps) {
  const [search, setSearch] = useState('');
  const groupId = useId();
  const query = search.trim().toLowerCase();
  const matches = (person: UserOption) =>
    !query || nameOf(person).toLowerCase().includes(query) || person.username.toLowerCase().includes(query);
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <p className="small text-muted mb-1" aria-live="polite">
        {chosen.length === 0 ? 'Nobody chosen yet.' : `${chosen.length} chosen.`}
      </p>
      <Form.Control
        type="search"
        size="sm"
        className="mb-2"
        placeholder="Search by name"
        aria-label={`Search ${legend.toLowerCase()}`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className={`border rounded p-2 people-checklist${error ? ' border-danger' : ''}`}>
        {people.length === 0 && <p className="small text-muted mb-0">Nobody to choose yet.</p>}
        {people.map((person) => (
          <Form.Check
            key={person.id}
            id={`${groupId}-${person.id}`}
            className={matches(person) ? undefined : 'd-none'}
            type="checkbox"
            label={nameOf(person)}
            isInvalid={!!error}
            checked={chosen.includes(person.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, person.id] : chosen.filter((id) => id !== person.id))
            }
          />
        ))}
      </div>
      {error && (
        <div id={`${groupId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
