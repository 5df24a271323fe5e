import { type ReactNode, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';

export type ChecklistOption = {
  value: string;
  label: string;
  /** What else the search finds it by (a username). */
  alsoKnownAs?: string;
};

type SearchChecklistProps = {
  legend: ReactNode;
  /** Under the legend: what is chosen so far, told as it changes. */
  summary: ReactNode;
  options: ChecklistOption[];
  /** The values chosen now (form state). */
  chosen: string[];
  onChange: (chosen: string[]) => void;
  /** The search box's hint and name; none where the list is short enough to read whole. */
  search: { placeholder: string; label: string } | null;
  /** The box's class (its height, styles/app.css). */
  boxClassName: string;
  /** Said in the box when there is nothing to choose. */
  emptyText?: string;
  error?: string | undefined;
  className?: string;
};

/**
 * A choice of many as checkboxes in a box with a search over them (the people a breach affected, a
 * client's services); hidden by the search, a choice stays chosen.
 */
export function SearchChecklist({
  legend,
  summary,
  options,
  chosen,
  onChange,
  search,
  boxClassName,
  emptyText,
  error,
  className,
}: SearchChecklistProps) {
  const [typed, setTyped] = useState('');
  const groupId = useId();
  const query = typed.trim().toLowerCase();
  const matches = (option: ChecklistOption) =>
    !query || option.label.toLowerCase().includes(query) || Boolean(option.alsoKnownAs?.toLowerCase().includes(query));
  return (
    <fieldset className={className} aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {summary}
      {search && (
        <Form.Control
          type="search"
          size="sm"
          className="mb-2"
          placeholder={search.placeholder}
          aria-label={search.label}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
      <div className={`border rounded p-2 ${boxClassName}${error ? ' border-danger' : ''}`}>
        {options.length === 0 && emptyText && <p className="small text-muted mb-0">{emptyText}</p>}
        {options.map((option) => (
          <Form.Check
            key={option.value}
            id={`${groupId}-${option.value}`}
            className={matches(option) ? undefined : 'd-none'}
            type="checkbox"
            label={option.label}
            isInvalid={!!error}
            checked={chosen.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value),
              )
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
