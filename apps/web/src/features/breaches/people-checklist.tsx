import type { UserOption } from '@portal/contract/users';
import { SearchChecklist } from '../../components/search-checklist';
import { userOptionName } from '../../lib/queries/user-options';

type PeopleChecklistProps = {
  /** Whom the register may name: the firm's clients, or on the platform the firms by their MPC. */
  people: UserOption[];
  /** Their ids chosen now (form state). */
  chosen: number[];
  onChange: (chosen: number[]) => void;
  legend: string;
  error?: string | undefined;
};

/** The people affected, as checkboxes with a search box by name or username. */
export function PeopleChecklist({ people, chosen, onChange, legend, error }: PeopleChecklistProps) {
  return (
    <SearchChecklist
      className="mb-3"
      legend={legend}
      summary={
        <p className="small text-muted mb-1" aria-live="polite">
          {chosen.length === 0 ? 'Nobody chosen yet.' : `${chosen.length} chosen.`}
        </p>
      }
      options={people.map((person) => ({
        value: String(person.id),
        label: userOptionName(person),
        alsoKnownAs: person.username,
      }))}
      chosen={chosen.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      search={{ placeholder: 'Search by name', label: `Search ${legend.toLowerCase()}` }}
      boxClassName="people-checklist"
      emptyText="Nobody to choose yet."
      error={error}
    />
  );
}
