import { BREACH_DATA_LABELS, type BreachSave, BREACH_MESSAGES as M } from '@portal/contract/breaches';
import { formatIndianDateTime, indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { failValidation } from '../../http/http-error.js';
import { readDataKinds } from './breach.presenter.js';
import { type BreachRow, listBreachPeople, listCoveredPeople, type RegisterKey } from './breaches.repository.js';

// An entry's fields: read from the form, checked, stored, and described as its history shows them.

/** The instant India's date and time name (India keeps +05:30 all year). */
export const foundAtOf = (input: Pick<BreachSave, 'found_on' | 'found_time'>) =>
  new Date(`${input.found_on}T${input.found_time}:00+05:30`);

/** 422 when the breach would have been found after now: on the date if it is a later day, else on the time. */
export function assertFoundInPast(context: AppContext, input: BreachSave): Date {
  const foundAt = foundAtOf(input);
  const now = context.clock.now();
  if (foundAt.getTime() > now.getTime())
    failValidation(input.found_on > indianDateOf(now) ? 'found_on' : 'found_time', M.foundInFuture);
  return foundAt;
}

/** The people named as affected, every one of them within the register (422 on `affected_ids` otherwise). */
export async function checkedPeople(db: Kysely<DB>, register: RegisterKey, input: BreachSave): Promise<number[]> {
  if (input.affected === 'everyone') return [];
  const covered = await listCoveredPeople(db, register, input.affected_ids);
  if (covered.length !== input.affected_ids.length) failValidation('affected_ids', M.affectedNotYours);
  return [...input.affected_ids].sort((a, b) => a - b);
}

/** The columns the form sets, the same on record and on save. */
export const columnsOf = (input: BreachSave, foundAt: Date) => ({
  found_at: foundAt.toISOString(),
  description: input.description,
  data_kinds: input.data_kinds.join(','),
  data_other: input.data_kinds.includes('other') ? input.data_other : null,
  affected: input.affected,
  include_staff: input.include_staff ? 1 : 0,
  consequences: input.consequences,
  measures: input.measures,
  advice: input.advice,
});

export type EntryText = Record<string, string | null>;

/** An entry's fields as its history shows them: India's time, labels, and the people by name. */
export function describeEntry(columns: ReturnType<typeof columnsOf>, people: string[]): EntryText {
  return {
    found_at: `${formatIndianDateTime(columns.found_at).slice(0, 16)} IST`,
    description: columns.description,
    data_kinds: readDataKinds(columns.data_kinds)
      .map((kind) => BREACH_DATA_LABELS[kind])
      .join('; '),
    data_other: columns.data_other,
    affected: columns.affected === 'everyone' ? 'Everyone' : `${people.length} chosen: ${people.join(', ')}`,
    include_staff: columns.include_staff === 1 ? 'Yes' : 'No',
    consequences: columns.consequences,
    measures: columns.measures,
    advice: columns.advice,
  };
}

export async function namesOf(db: Kysely<DB>, breachId: number): Promise<string[]> {
  const people = await listBreachPeople(db, breachId);
  return people.map((person) => fullName(person.person_first_name, person.person_last_name));
}

/** A stored entry read back as the form's values (its people aside), to describe it as it was. */
export function storedInput(row: BreachRow): BreachSave {
  return {
    found_on: '',
    found_time: '',
    description: row.description,
    data_kinds: readDataKinds(row.data_kinds),
    data_other: row.data_other,
    affected: row.affected as BreachSave['affected'],
    affected_ids: [],
    include_staff: row.include_staff === 1,
    consequences: row.consequences,
    measures: row.measures,
    advice: row.advice,
  };
}
