import { DATE_MESSAGES, formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import { type ReactNode, useEffect, useState } from 'react';
import { FilterDateField } from './filter-date-field';
import { FilterSearchField } from './filter-search-field';

/** The search and the two dates (ISO) a list's filters stand at; '' or absent when not set. */
type AppliedText = { q?: string; from?: string; to?: string };
type TypedText = { q: string; from: string; to: string };
/** The fields: the dates' ids and labels ("Due from", "Due to"), the search box's id, hint and width. */
type TypedFields = {
  from: { id: string; label: string };
  to: { id: string; label: string };
  search: { id: string; placeholder: string; lg: number };
};

/**
 * The fields of a list's filter form that apply on Filter or Enter, and what they hold as typed: a date
 * range typed dd/mm/yyyy and the search. They follow the filters applied (Back, a link, Reset).
 * `readTyped` answers the search trimmed and the dates as ISO ('' when empty), or null, with the
 * dates' errors shown, when one is not a date.
 */
export function useTypedFilterText(
  applied: AppliedText,
  fields: TypedFields,
): { dateFields: ReactNode; searchField: ReactNode; readTyped: () => TypedText | null } {
  const [text, setText] = useState<TypedText>({ q: applied.q ?? '', from: '', to: '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  useEffect(
    () =>
      setText({
        q: applied.q ?? '',
        from: applied.from ? formatIndianDate(applied.from) : '',
        to: applied.to ? formatIndianDate(applied.to) : '',
      }),
    [applied.q, applied.from, applied.to],
  );
  const readTyped = () => {
    const from = text.from.trim() ? parseIndianDate(text.from) : '';
    const to = text.to.trim() ? parseIndianDate(text.to) : '';
    const found = {
      from: from === null ? DATE_MESSAGES.invalid : undefined,
      to: to === null ? DATE_MESSAGES.invalid : undefined,
    };
    setErrors(found);
    if (from === null || to === null) return null;
    return { q: text.q.trim(), from, to };
  };
  const dateFields = (['from', 'to'] as const).map((key) => (
    <FilterDateField
      key={key}
      id={fields[key].id}
      label={fields[key].label}
      value={text[key]}
      onType={(typed) => setText({ ...text, [key]: typed })}
      error={errors[key]}
    />
  ));
  const searchField = <FilterSearchField {...fields.search} value={text.q} onType={(q) => setText({ ...text, q })} />;
  return { dateFields, searchField, readTyped };
}
