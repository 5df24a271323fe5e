import type { BreachAffected, BreachDataKind, BreachEntry, BreachSaveInput } from '@portal/contract/breaches';
import { formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';

/** The breach form as typed: the date as dd/mm/yyyy, the time as hh:mm (India), the rest as the request names it. */
export type BreachFormValues = {
  found_on: string;
  found_time: string;
  description: string;
  data_kinds: BreachDataKind[];
  data_other: string;
  affected: BreachAffected;
  affected_ids: number[];
  include_staff: boolean;
  consequences: string;
  measures: string;
  advice: string;
};

export const EMPTY_BREACH: BreachFormValues = {
  found_on: '',
  found_time: '',
  description: '',
  data_kinds: [],
  data_other: '',
  affected: 'chosen',
  affected_ids: [],
  include_staff: false,
  consequences: '',
  measures: '',
  advice: '',
};

/** India's date and time of a stored moment, as the form shows them. */
function indianParts(iso: string): { date: string; time: string } {
  const local = new Date(Date.parse(iso) + (5 * 60 + 30) * 60_000).toISOString();
  return { date: formatIndianDate(local.slice(0, 10)), time: local.slice(11, 16) };
}

/** An entry as the form edits it. */
export function toBreachFormValues(entry: BreachEntry): BreachFormValues {
  const found = indianParts(entry.found_at);
  return {
    found_on: found.date,
    found_time: found.time,
    description: entry.description,
    data_kinds: entry.data_kinds,
    data_other: entry.data_other ?? '',
    affected: entry.affected,
    affected_ids: entry.affected_people.map((person) => person.id),
    include_staff: entry.include_staff,
    consequences: entry.consequences,
    measures: entry.measures,
    advice: entry.advice,
  };
}

/** The request: the typed date as ISO (left as typed when it is none, for the schema to refuse). */
export function toBreachBody(values: BreachFormValues): BreachSaveInput {
  const typed = values.found_on.trim();
  return {
    ...values,
    found_on: parseIndianDate(typed) ?? typed,
    data_other: values.data_kinds.includes('other') ? values.data_other || null : null,
    affected_ids: values.affected === 'chosen' ? values.affected_ids : [],
  };
}
